// A progress bar with the time left on stderr, for long work of the CLI (runs, studies, response
// maps): drawn only when stderr is a terminal, so logs and pipes get nothing.
#pragma once

#include <chrono>
#include <mutex>
#include <string>

namespace contactsim {

class ProgressBar {
 public:
  /// Draws only when `enabled` and stderr is a terminal.
  ProgressBar(std::string label, bool enabled);
  /// Clears the bar's line.
  ~ProgressBar();
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  /// Work done, in [0, 1]: redraws at most ten times a second (and at 0 and 1). A fraction below
  /// one already shown is ignored. Callable from several threads.
  void update(double fraction);

  /// Whether the bar draws at all.
  [[nodiscard]] bool drawing() const noexcept { return drawing_; }

 private:
  void draw(double fraction);

  std::string label_;
  bool drawing_ = false;
  std::mutex mutex_;
  double shown_ = -1.0;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_draw_{};
};

}  // namespace contactsim
