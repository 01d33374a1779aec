// Output files that appear whole or not at all: every file is written to a temporary name in the
// destination directory, and only when all are written are they renamed into place.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace contactsim {

struct OutputFile {
  std::string name;     ///< file name inside the output directory
  std::string content;  ///< complete contents
};

/// Files written into a private temporary directory inside `directory` (mkdtemp: unpredictable,
/// mode 0700) and renamed into place together by commit(): all appear or none. Files are
/// created exclusively (O_EXCL) and never through a link. Destroyed before commit() (a failed
/// run), it removes the temporary directory and the directories its constructor made, so that
/// nothing is left behind. Errors are contactsim::Error naming the path.
class StagedOutputs {
 public:
  /// Creates `directory` (and parents) if needed, then the temporary directory inside it.
  explicit StagedOutputs(const std::filesystem::path& directory);
  ~StagedOutputs();
  StagedOutputs(const StagedOutputs&) = delete;
  StagedOutputs& operator=(const StagedOutputs&) = delete;

  /// A file being written piece by piece (buffered); close() it before commit().
  class Stream {
   public:
    ~Stream();
    Stream(Stream&& other) noexcept;
    Stream& operator=(Stream&&) = delete;
    void write(std::string_view text);
    void close();

   private:
    friend class StagedOutputs;
    Stream(int fd, std::filesystem::path shown) : fd_(fd), shown_(std::move(shown)) {}
    void flush();
    int fd_;
    std::filesystem::path shown_;  ///< the path in error messages
    std::string buffer_;
  };

  /// A new file that commit() renames to `name` in the directory.
  [[nodiscard]] Stream open(const std::string& name);
  /// open(name), the whole content written, closed.
  void write(const std::string& name, const std::string& content);
  /// Where a scratch file of this name may be created: in the temporary directory, removed with
  /// it, never renamed into place.
  [[nodiscard]] std::filesystem::path scratch(const std::string& name) const;
  /// Renames every file opened into place (a directory in the way of any is refused before the
  /// first rename) and removes the temporary directory.
  void commit();

 private:
  std::filesystem::path directory_;
  std::filesystem::path staging_;
  std::vector<std::filesystem::path> made_;  ///< directories the constructor created, deepest first
  std::vector<std::string> names_;
  bool committed_ = false;
};

/// Creates `directory` (and parents) if needed, writes every file to a temporary sibling, then
/// renames them into place. On failure removes what it wrote and throws contactsim::Error naming
/// the path; files that were there before are untouched until their rename.
void writeFilesAtomically(const std::filesystem::path& directory,
                          const std::vector<OutputFile>& files);

}  // namespace contactsim
