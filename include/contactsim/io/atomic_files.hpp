// Output files that appear whole or not at all: every file is written to a temporary name in the
// destination directory, and only when all are written are they renamed into place.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace contactsim {

struct OutputFile {
  std::string name;     ///< file name inside the output directory
  std::string content;  ///< complete contents
};

/// Creates `directory` (and parents) if needed, writes every file to a temporary sibling, then
/// renames them into place. On failure removes what it wrote and throws contactsim::Error naming
/// the path; files that were there before are untouched until their rename.
void writeFilesAtomically(const std::filesystem::path& directory,
                          const std::vector<OutputFile>& files);

}  // namespace contactsim
