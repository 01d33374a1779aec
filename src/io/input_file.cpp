#include "io/input_file.hpp"

#include <fstream>

namespace contactsim {
namespace {

InputFileError tooLarge(std::uintmax_t bytes, double max_bytes) {
  return InputFileError(false, toText(bytes) + " bytes, more than the limit of " +
                                   toText(max_bytes) +
                                   " bytes (max_file_bytes: docs/scene-format.md, \"Limits\"; "
                                   "--no-limits lifts it)");
}

}  // namespace

std::string readInputFile(const std::filesystem::path& file, double max_bytes) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec))
    throw InputFileError(true, "no such file (or not a regular file)");
  const std::uintmax_t bytes = std::filesystem::file_size(file, ec);
  if (ec)
    throw InputFileError(false, ec.message());
  if (static_cast<double>(bytes) > max_bytes)
    throw tooLarge(bytes, max_bytes);
  std::ifstream in(file, std::ios::binary);
  if (!in)
    throw InputFileError(false, "");
  std::string text;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    text.append(buffer, static_cast<std::size_t>(in.gcount()));
    if (static_cast<double>(text.size()) > max_bytes)
      throw tooLarge(text.size(), max_bytes);
  }
  if (in.bad())
    throw InputFileError(false, "");
  return text;
}

}  // namespace contactsim
