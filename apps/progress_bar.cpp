#include "progress_bar.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace contactsim {
namespace {

int terminalColumns() {
  winsize size{};
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col >= 40)
    return size.ws_col;
  return 80;
}

std::string minutesSeconds(double seconds) {
  const long s = std::lround(std::max(0.0, seconds));
  char text[32];
  std::snprintf(text, sizeof text, "%ld:%02ld", s / 60, s % 60);
  return text;
}

}  // namespace

ProgressBar::ProgressBar(std::string label, bool enabled)
    : label_(std::move(label)), drawing_(enabled && isatty(STDERR_FILENO) == 1) {}

ProgressBar::~ProgressBar() {
  if (drawing_ && shown_ >= 0.0)
    std::fprintf(stderr, "\r%*s\r", terminalColumns() - 1, "");
}

void ProgressBar::update(double fraction) {
  if (!drawing_)
    return;
  fraction = std::clamp(fraction, 0.0, 1.0);
  const std::lock_guard<std::mutex> lock(mutex_);
  const auto now = std::chrono::steady_clock::now();
  const bool first = shown_ < 0.0;
  if (fraction < shown_ ||
      (!first && fraction < 1.0 && now - last_draw_ < std::chrono::milliseconds(100)))
    return;
  last_draw_ = now;
  shown_ = fraction;
  draw(fraction);
}

// "label [#######.......]  50%  0:04 elapsed, 0:04 left"
void ProgressBar::draw(double fraction) {
  const double elapsed = std::chrono::duration<double>(last_draw_ - start_).count();
  std::string tail = "  " + std::to_string(static_cast<int>(std::floor(100.0 * fraction))) + "%  " +
                     minutesSeconds(elapsed) + " elapsed";
  if (fraction > 0.0 && fraction < 1.0)
    tail += ", " + minutesSeconds(elapsed * (1.0 - fraction) / fraction) + " left";
  // The bar keeps its width while the tail's text changes.
  constexpr std::size_t kTailWidth = 36;
  tail.resize(std::max(tail.size(), kTailWidth), ' ');
  const int columns = terminalColumns() - 1;
  const int width = std::max(10, columns - static_cast<int>(label_.size() + kTailWidth) - 3);
  const int filled = static_cast<int>(std::floor(fraction * width));
  std::string line = label_ + " [" + std::string(static_cast<std::size_t>(filled), '#') +
                     std::string(static_cast<std::size_t>(width - filled), '.') + "]" + tail;
  line.resize(static_cast<std::size_t>(std::max(columns, 1)), ' ');
  std::fprintf(stderr, "\r%s", line.c_str());
  std::fflush(stderr);
}

}  // namespace contactsim
