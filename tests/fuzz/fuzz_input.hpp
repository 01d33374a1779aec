// What the libFuzzer targets share: the loaders under fuzzing read files, so each input is written
// to a file of its own in a private scratch directory (mkdtemp, removed at exit) and read from
// there. Only contactsim::Error is an expected rejection; the targets let everything else (another
// exception, a crash, a sanitizer report, a leak) reach libFuzzer as a failure.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <system_error>

namespace contactsim::fuzz {

/// The private directory of this process (created on first use, removed at exit).
inline const std::filesystem::path& scratchDirectory() {
  static const std::filesystem::path directory = [] {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "contactsim-fuzz-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr)
      std::abort();
    std::atexit([] {
      std::error_code ignored;
      std::filesystem::remove_all(scratchDirectory(), ignored);
    });
    return std::filesystem::path(pattern);
  }();
  return directory;
}

/// Writes the input to `name` in the scratch directory (replacing it) and returns its path.
inline std::filesystem::path inputFile(const std::uint8_t* data, std::size_t size,
                                       const std::string& name) {
  const std::filesystem::path file = scratchDirectory() / name;
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  out.close();
  if (!out)
    std::abort();  // the scratch directory itself failed: not the library's fault, but loud
  return file;
}

inline std::string_view text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

}  // namespace contactsim::fuzz
