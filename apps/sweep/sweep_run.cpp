#include "sweep/sweep_run.hpp"

#include <tbb/task_arena.h>
#include <time.h>

#include <chrono>

#include "sweep/sweep_metrics.hpp"

namespace contactsim::sweep {
namespace {

// CPU time of the calling thread [s] (POSIX clock_gettime): the run's own, whatever else the
// process runs beside it.
double threadCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

std::vector<OutputFile> keptFiles(Keep keep, const RunResult& result) {
  std::vector<OutputFile> files;
  if (keep == Keep::kNone) {
    return files;
  }
  files.push_back({"summary.json", summaryJson(result)});
  if (keep == Keep::kAll) {
    files.push_back({"trajectory.csv", trajectoryCsv(result)});
    files.push_back({"events.csv", eventsCsv(result)});
  }
  return files;
}

}  // namespace

VariantRun runVariant(const SweepSpec& spec, const Variant& variant, bool keep_result) {
  VariantRun out;
  RunRow& row = out.row;
  row.index = variant.index;
  row.key = variant.key;
  row.parameters = nlohmann::ordered_json::object();
  for (std::size_t i = 0; i < spec.parameters.size(); ++i) {
    row.parameters[spec.parameters[i].name] = variant.values[i];
  }
  // One thread per run: the TBB loops inside the run (rays, response-map frequencies) stay on
  // this thread, so that a pool of N runs uses N cores and CPU time is the run's own.
  tbb::task_arena one_thread(1);
  one_thread.execute([&] {
    try {
      const Scene scene = variantScene(spec, variant);
      const auto wall = std::chrono::steady_clock::now();
      const double cpu = threadCpuSeconds();
      RunOptions options;
      options.record_contacts = needsContacts(spec.metrics);
      RunResult result = runScene(scene, options);
      RunTiming timing;
      timing.cpu_seconds = threadCpuSeconds() - cpu;
      timing.wall_seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count();
      row.metrics = evaluateMetrics(spec.metrics, result, timing);
      row.status = "ok";
      out.files = keptFiles(spec.keep, result);
      if (keep_result) {
        out.result = std::move(result);
      }
    } catch (const std::exception& e) {
      row.metrics = nlohmann::ordered_json::object();
      for (const MetricSpec& m : spec.metrics) {
        row.metrics[m.name] = nullptr;
      }
      row.status = "failed";
      row.error = e.what();
      out.files.clear();
    }
  });
  return out;
}

std::string rowJson(const RunRow& row) {
  nlohmann::ordered_json j;
  j["index"] = row.index;
  j["key"] = row.key;
  j["parameters"] = row.parameters;
  j["metrics"] = row.metrics;
  j["status"] = row.status;
  j["error"] = row.error;
  return j.dump(1) + "\n";
}

RunRow parseRowJson(std::string_view text, const std::string& origin) {
  try {
    const auto j = nlohmann::ordered_json::parse(text);
    RunRow row;
    row.index = j.at("index").get<std::size_t>();
    row.key = j.at("key").get<std::string>();
    row.parameters = j.at("parameters");
    row.metrics = j.at("metrics");
    row.status = j.at("status").get<std::string>();
    row.error = j.at("error").get<std::string>();
    if (!row.parameters.is_object() || !row.metrics.is_object()) {
      throw SceneError(origin, "", "parameters and metrics must be objects");
    }
    return row;
  } catch (const nlohmann::json::exception& e) {
    throw SceneError(origin, "", std::string("not a sweep row: ") + e.what());
  }
}

}  // namespace contactsim::sweep
