#include "sweep/sweep_local.hpp"

#include <atomic>
#include <exception>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

#include "contactsim/error.hpp"
#include "sweep/sweep_results.hpp"

namespace contactsim::sweep {

std::optional<RunRow> finishedRow(const std::filesystem::path& out, const Variant& variant) {
  const std::filesystem::path file = out / "runs" / (variant.key + ".json");
  std::ifstream in(file);
  if (!in) {
    return std::nullopt;
  }
  std::ostringstream text;
  text << in.rdbuf();
  RunRow row = parseRowJson(text.str(), file.string());
  if (row.key != variant.key) {
    throw SceneError(file.string(), "/key", "holds the row of another variant, " + row.key);
  }
  row.index = variant.index;
  return row;
}

void recordRun(const std::filesystem::path& out, const VariantRun& run) {
  if (!run.files.empty()) {
    writeFilesAtomically(out / "runs" / run.row.key, run.files);
  }
  writeFilesAtomically(out / "runs", {{run.row.key + ".json", rowJson(run.row)}});
}

LocalSweepResult runSweepLocal(const SweepSpec& spec, const std::vector<Variant>& variants,
                               const LocalSweepOptions& options) {
  if (options.jobs < 1) {
    throw InvalidInputError("sweep: jobs must be at least 1, got " + std::to_string(options.jobs));
  }
  LocalSweepResult result;
  std::vector<std::optional<RunRow>> rows(variants.size());
  std::vector<std::size_t> pending;
  for (const Variant& v : variants) {
    rows[v.index] = finishedRow(options.out, v);
    if (!rows[v.index]) {
      pending.push_back(v.index);
    }
  }
  result.resumed = variants.size() - pending.size();
  std::atomic<std::size_t> next{0}, done{result.resumed};
  std::mutex failure_mutex;
  std::exception_ptr failure;  // writing a row failed (disk): the sweep stops
  if (options.progress) {
    options.progress(done, variants.size());
  }
  const auto worker = [&] {
    for (std::size_t k = next++; k < pending.size(); k = next++) {
      try {
        VariantRun run = runVariant(spec, variants[pending[k]]);
        recordRun(options.out, run);
        rows[pending[k]] = std::move(run.row);
      } catch (...) {
        const std::lock_guard lock(failure_mutex);
        failure = failure ? failure : std::current_exception();
        next = pending.size();
      }
      if (options.progress) {
        options.progress(++done, variants.size());
      }
    }
  };
  const std::size_t threads =
      std::min<std::size_t>(static_cast<std::size_t>(options.jobs), pending.size());
  std::vector<std::thread> pool;
  for (std::size_t t = 1; t < threads; ++t) {
    pool.emplace_back(worker);
  }
  worker();
  for (std::thread& t : pool) {
    t.join();
  }
  if (failure) {
    std::rethrow_exception(failure);
  }
  for (std::optional<RunRow>& row : rows) {
    result.failed += row->status == "ok" ? 0 : 1;
    result.rows.push_back(std::move(*row));
  }
  writeSweepResults(spec, result.rows, options.out);
  return result;
}

}  // namespace contactsim::sweep
