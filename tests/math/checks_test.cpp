// Messages write numbers so that they read back exactly (issue 27, defect 6: a step of 1e-9 was
// reported as 0.000000).
#include "contactsim/math/checks.hpp"

#include <gtest/gtest.h>

#include <string>

#include "contactsim/error.hpp"

namespace contactsim {
namespace {

TEST(ChecksTest, NumbersInMessagesAreShortestRoundTrip) {
  EXPECT_EQ(toText(1e-9), "1e-09");
  EXPECT_EQ(toText(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(std::stod(toText(0.1 + 0.2)), 0.1 + 0.2);
  EXPECT_EQ(toText(2.5), "2.5");
  EXPECT_EQ(toText(42), "42");
  EXPECT_EQ(toText(std::size_t{7}), "7");
}

TEST(ChecksTest, ATinyNegativeStepIsReportedAsItIs) {
  try {
    requirePositive(-1e-9, "step");
    ADD_FAILURE() << "a negative step passed";
  } catch (const InvalidInputError& e) {
    EXPECT_EQ(std::string(e.what()), "step must be positive, got -1e-09");
  }
}

}  // namespace
}  // namespace contactsim
