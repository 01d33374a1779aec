#include "io/column_file.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>

#include <fcntl.h>
#include <unistd.h>

#include "contactsim/error.hpp"

namespace contactsim {
namespace {

constexpr std::size_t kBufferedValues = std::size_t{1} << 20;  // 8 MiB of doubles
constexpr std::size_t kReadRows = 8192;                        // per column and read

}  // namespace

ColumnFile::ColumnFile(const std::filesystem::path& file, std::size_t columns, std::size_t max_rows)
    : file_(file),
      columns_(columns),
      max_rows_(max_rows),
      capacity_(std::max<std::size_t>(
          1, std::min(max_rows, kBufferedValues / std::max<std::size_t>(1, columns)))) {
  if (columns > 0 && max_rows > (std::size_t{1} << 59) / sizeof(double) / columns)
    throw Error("cannot spill " + toText(columns) + " columns of " + toText(max_rows) +
                " rows to " + file.string() + ": too large for a file");
  fd_ = ::open(file.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd_ < 0)
    throw Error("cannot create " + file.string() + ": " + std::strerror(errno));
  buffer_.resize(columns_ * capacity_);
}

ColumnFile::~ColumnFile() {
  if (fd_ >= 0)
    ::close(fd_);
}

void ColumnFile::append(const std::vector<double>& row) {
  if (row.size() != columns_ || rows_ >= max_rows_)
    throw Error(file_.string() + ": a row of " + toText(row.size()) + " values as row " +
                toText(rows_) + " of a file of " + toText(columns_) + " columns and " +
                toText(max_rows_) + " rows");
  if (rows_ - flushed_ == capacity_)
    flush();
  const std::size_t k = rows_ - flushed_;
  for (std::size_t c = 0; c < columns_; ++c)
    buffer_[c * capacity_ + k] = row[c];
  ++rows_;
}

// Each column's buffered rows written after its rows in the file.
void ColumnFile::flush() {
  const std::size_t count = rows_ - flushed_;
  for (std::size_t c = 0; c < columns_ && count > 0; ++c) {
    const char* data = reinterpret_cast<const char*>(buffer_.data() + c * capacity_);
    std::size_t bytes = count * sizeof(double), done = 0;
    const auto offset = static_cast<off_t>((c * max_rows_ + flushed_) * sizeof(double));
    while (done < bytes) {
      const ssize_t n = ::pwrite(fd_, data + done, bytes - done, offset + static_cast<off_t>(done));
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        throw Error("cannot write " + file_.string() + ": " + std::strerror(errno));
      done += static_cast<std::size_t>(n);
    }
  }
  flushed_ = rows_;
}

void ColumnFile::forEach(std::size_t a, std::size_t b,
                         const std::function<void(double, double)>& point) {
  flush();
  std::vector<double> x(kReadRows), y(kReadRows);
  const auto read = [this](std::size_t column, std::size_t from, std::size_t count, double* to) {
    const std::size_t bytes = count * sizeof(double);
    const auto offset = static_cast<off_t>((column * max_rows_ + from) * sizeof(double));
    std::size_t done = 0;
    while (done < bytes) {
      const ssize_t n = ::pread(fd_, reinterpret_cast<char*>(to) + done, bytes - done,
                                offset + static_cast<off_t>(done));
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        throw Error("cannot read " + file_.string() + ": " +
                    (n == 0 ? std::string("it is shorter than written") : std::strerror(errno)));
      done += static_cast<std::size_t>(n);
    }
  };
  for (std::size_t from = 0; from < rows_; from += kReadRows) {
    const std::size_t count = std::min(kReadRows, rows_ - from);
    read(a, from, count, x.data());
    read(b, from, count, y.data());
    for (std::size_t k = 0; k < count; ++k)
      point(x[k], y[k]);
  }
}

}  // namespace contactsim
