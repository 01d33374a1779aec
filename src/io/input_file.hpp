// Reading an input file whole, defensively (issue 27, defect 4): only a regular file (a FIFO would
// block, a device like /dev/zero never ends) and at most a given size, checked before anything is
// allocated and again while reading (a file may grow). Each reader words its own errors: the
// exception says only why.
#pragma once

#include <filesystem>
#include <string>

#include "contactsim/error.hpp"

namespace contactsim {

/// The largest input file read by default [bytes]: 256 MiB (SceneLimits::max_file_bytes; the
/// public OBJ and response-map readers).
inline constexpr double kDefaultMaxFileBytes = 268435456.0;

/// Why an input file was not read; what() holds the reason alone (no file name), "" when the
/// stream failed without one.
class InputFileError : public InvalidInputError {
 public:
  InputFileError(bool missing, const std::string& reason)
      : InvalidInputError(reason), missing_(missing) {}
  /// No such file, or not a regular one.
  [[nodiscard]] bool missing() const noexcept { return missing_; }

 private:
  bool missing_;
};

/// The whole of `file` if it is a regular file of at most `max_bytes` bytes (infinity: no
/// limit). Throws InputFileError otherwise: missing() for no such file (or not a regular file),
/// "N bytes, more than the limit of M bytes (max_file_bytes ...)" for a file too large.
std::string readInputFile(const std::filesystem::path& file, double max_bytes);

}  // namespace contactsim
