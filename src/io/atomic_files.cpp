#include "contactsim/io/atomic_files.hpp"

#include <cerrno>
#include <cstring>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "contactsim/error.hpp"

namespace contactsim {
namespace fs = std::filesystem;
namespace {

// A fresh directory only this process can enter, made inside `parent` by mkdtemp (an unused,
// unpredictable name, created or failing atomically: nothing planted can stand in for it).
fs::path makePrivateDirectory(const fs::path& parent) {
  std::string pattern = (parent / ".contactsim-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) {
    throw Error("cannot create a temporary directory in " + parent.string() + ": " +
                std::strerror(errno));
  }
  return pattern;
}

// Writes `content` to a new file at `path`: O_EXCL (never an existing file) and O_NOFOLLOW
// (never through a link), all of it or an Error.
void writeNewFile(const fs::path& path, const std::string& content, const fs::path& shown) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0)
    throw Error("cannot write " + shown.string() + ": " + std::strerror(errno));
  std::size_t written = 0;
  while (written < content.size()) {
    const ssize_t n = ::write(fd, content.data() + written, content.size() - written);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      const int error = errno;
      ::close(fd);
      throw Error("cannot write " + shown.string() + ": " + std::strerror(error));
    }
    written += static_cast<std::size_t>(n);
  }
  if (::close(fd) != 0)
    throw Error("cannot write " + shown.string() + ": " + std::strerror(errno));
}

}  // namespace

// Phases: the directory; every file written into a private temporary directory inside it; the
// one foreseeable rename failure checked for all; the renames (a rename replaces a link at the
// destination, never writes through it); the temporary directory removed.
void writeFilesAtomically(const fs::path& directory, const std::vector<OutputFile>& files) {
  std::error_code ec;
  fs::create_directories(directory, ec);
  if (ec) {
    throw Error("cannot create output directory " + directory.string() + ": " + ec.message());
  }
  const fs::path staging = makePrivateDirectory(directory);
  auto discard = [&staging] {
    std::error_code ignored;
    fs::remove_all(staging, ignored);
  };
  try {
    for (const OutputFile& file : files)
      writeNewFile(staging / file.name, file.content, directory / file.name);
  } catch (const Error&) {
    discard();
    throw;
  }
  // A directory in the way is checked for every file before any is renamed, so that a run
  // leaves either all its outputs or none.
  for (const OutputFile& file : files) {
    if (fs::is_directory(fs::symlink_status(directory / file.name, ec))) {
      discard();
      throw Error("cannot write " + (directory / file.name).string() + ": it is a directory");
    }
  }
  for (const OutputFile& file : files) {
    fs::rename(staging / file.name, directory / file.name, ec);
    if (ec) {
      discard();
      throw Error("cannot rename output into " + (directory / file.name).string() + ": " +
                  ec.message());
    }
  }
  discard();
}

}  // namespace contactsim
