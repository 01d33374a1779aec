#include "contactsim/io/atomic_files.hpp"

#include <fstream>
#include <system_error>

#include <unistd.h>

#include "contactsim/error.hpp"

namespace contactsim {
namespace fs = std::filesystem;

void writeFilesAtomically(const fs::path& directory, const std::vector<OutputFile>& files) {
  std::error_code ec;
  fs::create_directories(directory, ec);
  if (ec) {
    throw Error("cannot create output directory " + directory.string() + ": " + ec.message());
  }
  std::vector<fs::path> temporaries;
  auto discard = [&temporaries] {
    for (const fs::path& p : temporaries) {
      std::error_code ignored;
      fs::remove(p, ignored);
    }
  };
  const std::string suffix = ".tmp." + std::to_string(::getpid());
  for (const OutputFile& file : files) {
    const fs::path temporary = directory / ("." + file.name + suffix);
    temporaries.push_back(temporary);
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out.write(file.content.data(), static_cast<std::streamsize>(file.content.size()));
    out.close();
    if (!out) {
      discard();
      throw Error("cannot write " + (directory / file.name).string());
    }
  }
  // The one rename failure we can foresee (a directory in the way) is checked for every file
  // before any is renamed, so that a run leaves either all its outputs or none.
  for (const OutputFile& file : files) {
    if (fs::is_directory(directory / file.name, ec)) {
      discard();
      throw Error("cannot write " + (directory / file.name).string() + ": it is a directory");
    }
  }
  for (std::size_t i = 0; i < files.size(); ++i) {
    fs::rename(temporaries[i], directory / files[i].name, ec);
    if (ec) {
      discard();
      throw Error("cannot rename output into " + (directory / files[i].name).string() + ": " +
                  ec.message());
    }
  }
}

}  // namespace contactsim
