// Long-horizon tests under the sanitizers. A few tests simulate seconds to minutes of a shipped
// scene or study to assert what holds over the whole horizon (a stack standing for 10 s, a
// rattleback's energy through every hand-over); the code they run is run under the sanitizers by
// shorter tests too, while these alone took half the sanitizer pass (ASan + UBSan slow them 10 to
// 30 times: the planar stack 42 s → 388 s, the ten-box stack 14 s → 363 s). They skip themselves
// there — reported by CTest as skipped, never as passed — and run in the optimised pass
// (README's test command).
#pragma once

#include <gtest/gtest.h>

#if defined(__SANITIZE_ADDRESS__)
#define CONTACTSIM_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CONTACTSIM_TEST_SANITIZED 1
#endif
#endif

#ifdef CONTACTSIM_TEST_SANITIZED
#define CONTACTSIM_SKIP_LONG_TEST_UNDER_SANITIZERS() \
  GTEST_SKIP() << "a long-horizon test: the optimised pass runs it (tests/support/long_test.hpp)"
#else
#define CONTACTSIM_SKIP_LONG_TEST_UNDER_SANITIZERS() static_cast<void>(0)
#endif
