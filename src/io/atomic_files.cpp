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

// The directories create_directories(directory) would make, deepest first.
std::vector<fs::path> missingDirectories(const fs::path& directory) {
  std::vector<fs::path> missing;
  std::error_code ec;
  for (fs::path p = directory; !p.empty() && !fs::exists(fs::symlink_status(p, ec));
       p = p.parent_path()) {
    missing.push_back(p);
    if (p == p.parent_path())
      break;
  }
  return missing;
}

// Writes all of `text` to `fd`, or throws naming `shown`.
void writeAll(int fd, std::string_view text, const fs::path& shown) {
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      throw Error("cannot write " + shown.string() + ": " + std::strerror(errno));
    written += static_cast<std::size_t>(n);
  }
}

}  // namespace

// Phases: the directories that are missing noted (to be removed again on failure), made; the
// private temporary directory inside.
StagedOutputs::StagedOutputs(const fs::path& directory)
    : directory_(directory), made_(missingDirectories(directory)) {
  std::error_code ec;
  fs::create_directories(directory, ec);
  if (ec) {
    throw Error("cannot create output directory " + directory.string() + ": " + ec.message());
  }
  try {
    staging_ = makePrivateDirectory(directory);
  } catch (const Error&) {
    for (const fs::path& d : made_)
      fs::remove(d, ec);
    throw;
  }
}

StagedOutputs::~StagedOutputs() {
  std::error_code ignored;
  fs::remove_all(staging_, ignored);
  if (!committed_) {
    for (const fs::path& d : made_)  // deepest first; only while empty
      fs::remove(d, ignored);
  }
}

StagedOutputs::Stream::Stream(Stream&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      shown_(std::move(other.shown_)),
      buffer_(std::move(other.buffer_)) {}

StagedOutputs::Stream::~Stream() {
  if (fd_ >= 0)
    ::close(fd_);
}

void StagedOutputs::Stream::flush() {
  writeAll(fd_, buffer_, shown_);
  buffer_.clear();
}

void StagedOutputs::Stream::write(std::string_view text) {
  buffer_ += text;
  if (buffer_.size() >= (std::size_t{1} << 20))
    flush();
}

void StagedOutputs::Stream::close() {
  flush();
  const int fd = std::exchange(fd_, -1);
  if (::close(fd) != 0)
    throw Error("cannot write " + shown_.string() + ": " + std::strerror(errno));
}

// O_EXCL (never an existing file) and O_NOFOLLOW (never through a link).
StagedOutputs::Stream StagedOutputs::open(const std::string& name) {
  const fs::path path = staging_ / name;
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0)
    throw Error("cannot write " + (directory_ / name).string() + ": " + std::strerror(errno));
  names_.push_back(name);
  return Stream(fd, directory_ / name);
}

void StagedOutputs::write(const std::string& name, const std::string& content) {
  Stream file = open(name);
  writeAll(file.fd_, content, file.shown_);
  file.close();
}

fs::path StagedOutputs::scratch(const std::string& name) const {
  return staging_ / name;
}

// Phases: the one foreseeable rename failure checked for all; the renames (a rename replaces a
// link at the destination, never writes through it); the temporary directory removed.
void StagedOutputs::commit() {
  std::error_code ec;
  for (const std::string& name : names_) {
    if (fs::is_directory(fs::symlink_status(directory_ / name, ec)))
      throw Error("cannot write " + (directory_ / name).string() + ": it is a directory");
  }
  for (const std::string& name : names_) {
    fs::rename(staging_ / name, directory_ / name, ec);
    if (ec) {
      throw Error("cannot rename output into " + (directory_ / name).string() + ": " +
                  ec.message());
    }
  }
  committed_ = true;
  fs::remove_all(staging_, ec);
}

void writeFilesAtomically(const fs::path& directory, const std::vector<OutputFile>& files) {
  StagedOutputs staged(directory);
  for (const OutputFile& file : files)
    staged.write(file.name, file.content);
  staged.commit();
}

}  // namespace contactsim
