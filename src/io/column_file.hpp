// Columns of doubles spilled to a scratch file as rows arrive, and read back column by column:
// what a streamed run keeps of its samples for the plots (issue 27, defect 8), so that memory
// does not grow with the rows. Internal to contactsim.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <vector>

namespace contactsim {

/// A new file at `file` (O_EXCL, never through a link) holding `columns` columns of at most
/// `max_rows` rows, column after column (a sparse file: rows not yet written take no space).
/// Rows are buffered per column, at most 8 MiB in all (no more than max_rows per column). Errors
/// are contactsim::Error naming the file.
class ColumnFile {
 public:
  ColumnFile(const std::filesystem::path& file, std::size_t columns, std::size_t max_rows);
  ~ColumnFile();
  ColumnFile(const ColumnFile&) = delete;
  ColumnFile& operator=(const ColumnFile&) = delete;

  /// One value per column.
  void append(const std::vector<double>& row);
  [[nodiscard]] std::size_t rows() const noexcept { return rows_; }
  /// point(a, b) for the values of columns a and b in every row so far, in order.
  void forEach(std::size_t a, std::size_t b, const std::function<void(double, double)>& point);

 private:
  void flush();

  std::filesystem::path file_;
  int fd_ = -1;
  std::size_t columns_;
  std::size_t max_rows_;
  std::size_t capacity_;  ///< buffered rows per column
  std::size_t rows_ = 0;
  std::size_t flushed_ = 0;     ///< rows in the file
  std::vector<double> buffer_;  ///< column c's unflushed rows at c · capacity_
};

}  // namespace contactsim
