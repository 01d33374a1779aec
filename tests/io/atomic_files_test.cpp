#include "contactsim/io/atomic_files.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include <unistd.h>

#include "contactsim/error.hpp"
#include "io/column_file.hpp"

namespace contactsim {
namespace {
namespace fs = std::filesystem;

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("contactsim_io_test_" + name);
  fs::remove_all(dir);
  return dir;
}

TEST(AtomicFilesTest, WritesAllFilesAndNoTemporaries) {
  const fs::path dir = scratch("ok") / "nested";
  writeFilesAtomically(dir, {{"a.txt", "alpha"}, {"b.txt", "beta"}});
  EXPECT_EQ(read(dir / "a.txt"), "alpha");
  EXPECT_EQ(read(dir / "b.txt"), "beta");
  int entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir))
    ++entries;
  EXPECT_EQ(entries, 2);
  writeFilesAtomically(dir, {{"a.txt", "again"}});  // replaces
  EXPECT_EQ(read(dir / "a.txt"), "again");
  fs::remove_all(dir.parent_path());
}

TEST(AtomicFilesTest, FailureLeavesNothingBehind) {
  // The second name is a directory already: its rename fails, and nothing new remains.
  const fs::path dir = scratch("fail");
  fs::create_directories(dir / "b.txt" / "occupied");
  EXPECT_THROW(writeFilesAtomically(dir, {{"a.txt", "alpha"}, {"b.txt", "beta"}}), Error);
  int files = 0;
  for (const auto& e : fs::directory_iterator(dir))
    files += e.is_regular_file() ? 1 : 0;
  EXPECT_EQ(files, 0);
  for (const auto& e : fs::directory_iterator(dir)) {
    EXPECT_EQ(e.path().filename().string(), "b.txt") << "left behind: " << e.path();
  }
  fs::remove_all(dir);
}

// Issue 27, defect 2: a link planted at the old predictable temporary name, and one at an
// output's own name, both pointing at a file of the victim's. Neither is written through: the
// victim keeps its contents and the output is a regular file.
TEST(AtomicFilesTest, PlantedLinksAreNeverFollowed) {
  const fs::path dir = scratch("links");
  fs::create_directories(dir);
  const fs::path victim = scratch("victim");
  std::ofstream(victim) << "precious";
  fs::create_symlink(victim, dir / (".a.txt.tmp." + std::to_string(::getpid())));
  fs::create_symlink(victim, dir / "b.txt");
  writeFilesAtomically(dir, {{"a.txt", "alpha"}, {"b.txt", "beta"}});
  EXPECT_EQ(read(victim), "precious");
  EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(dir / "a.txt")));
  EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(dir / "b.txt")));
  EXPECT_EQ(read(dir / "b.txt"), "beta");
  for (const auto& e : fs::directory_iterator(dir))
    EXPECT_EQ(e.path().filename().string().find(".contactsim-"), std::string::npos) << e.path();
  fs::remove_all(dir);
  fs::remove(victim);
}

// A file streamed in pieces larger and smaller than the 1 MiB buffer is the pieces joined; before
// commit() nothing is in the directory but the temporary one; destroyed uncommitted, the staging
// removes the directories it made.
TEST(AtomicFilesTest, StreamsAppearWholeAtCommit) {
  const fs::path dir = scratch("stream") / "made" / "here";
  std::string expected;
  {
    StagedOutputs staged(dir);
    StagedOutputs::Stream out = staged.open("big.txt");
    for (int k = 0; k < 40; ++k) {
      const std::string piece(static_cast<std::size_t>(k % 3 == 0 ? 700000 : 13),
                              static_cast<char>('a' + k % 26));
      out.write(piece);
      expected += piece;
    }
    out.close();
    staged.write("small.txt", "s");
    EXPECT_FALSE(fs::exists(dir / "big.txt"));
    staged.commit();
  }
  EXPECT_EQ(read(dir / "big.txt"), expected);
  EXPECT_EQ(read(dir / "small.txt"), "s");
  {
    StagedOutputs staged(dir / "deeper");
    staged.write("a.txt", "alpha");
    StagedOutputs::Stream open_still = staged.open("b.txt");
    open_still.write("beta");
  }  // a run that failed: no commit
  EXPECT_FALSE(fs::exists(dir / "deeper"));
  EXPECT_TRUE(fs::exists(dir));  // made by the first staging, committed
  fs::remove_all(scratch("stream"));
}

// Columns spilled row by row come back column by column, across several flushes of the per-column
// buffers (1 MiB values over 3 columns: 349 525 rows each), only the rows written.
TEST(ColumnFileTest, ColumnsComeBackAsWritten) {
  const fs::path dir = scratch("columns");
  fs::create_directories(dir);
  const std::size_t rows = 800000;
  ColumnFile file(dir / "values", 3, rows + 10);
  for (std::size_t k = 0; k < rows; ++k) {
    const double t = static_cast<double>(k);
    file.append({t, t * 0.5, -t});
  }
  EXPECT_EQ(file.rows(), rows);
  std::size_t k = 0, wrong = 0;
  file.forEach(2, 1, [&](double a, double b) {
    const double t = static_cast<double>(k++);
    wrong += (a == -t && b == t * 0.5) ? 0 : 1;
  });
  EXPECT_EQ(k, rows);
  EXPECT_EQ(wrong, 0u);
  EXPECT_THROW(file.append({1.0, 2.0}), Error);            // not a whole row
  EXPECT_THROW(ColumnFile(dir / "values", 3, 10), Error);  // exists already: never reused
  fs::remove_all(dir);
}

TEST(AtomicFilesTest, UncreatableDirectoryIsAnError) {
  const fs::path file = scratch("blocker");
  fs::create_directories(file.parent_path());
  std::ofstream(file) << "x";
  EXPECT_THROW(writeFilesAtomically(file / "sub", {{"a.txt", "alpha"}}), Error);
  fs::remove(file);
}

}  // namespace
}  // namespace contactsim
