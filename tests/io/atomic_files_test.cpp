#include "contactsim/io/atomic_files.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include <unistd.h>

#include "contactsim/error.hpp"

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

TEST(AtomicFilesTest, UncreatableDirectoryIsAnError) {
  const fs::path file = scratch("blocker");
  fs::create_directories(file.parent_path());
  std::ofstream(file) << "x";
  EXPECT_THROW(writeFilesAtomically(file / "sub", {{"a.txt", "alpha"}}), Error);
  fs::remove(file);
}

}  // namespace
}  // namespace contactsim
