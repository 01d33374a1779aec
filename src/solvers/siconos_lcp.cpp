// Siconos numerics as LCP oracle, fail-safe and peer (Debian libsiconos-numerics-dev 4.4).
// Siconos writes M q to the problem in column-major ("Fortran") dense storage and takes ownership
// of the matrix data it is given (NM_free frees it), so the data is a malloc'd copy.
#include "solvers/siconos_lcp.hpp"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <vector>

#include "contactsim/error.hpp"

// The Siconos headers are C; they declare everything extern "C" themselves.
#include <siconos/numerics/LCP_Solvers.h>
#include <siconos/numerics/LinearComplementarityProblem.h>
#include <siconos/numerics/NonSmoothDrivers.h>
#include <siconos/numerics/NumericsMatrix.h>
#include <siconos/numerics/NumericsVerbose.h>
#include <siconos/numerics/SolverOptions.h>
#include <siconos/numerics/lcp_cst.h>

namespace contactsim {

const char* toString(SiconosLcpMethod method) {
  switch (method) {
    case SiconosLcpMethod::kLemke:
      return "lemke";
    case SiconosLcpMethod::kPivot:
      return "pivot";
    case SiconosLcpMethod::kEnum:
      return "enum";
    case SiconosLcpMethod::kPgs:
      return "siconos-pgs";
    case SiconosLcpMethod::kPsor:
      return "siconos-psor";
    case SiconosLcpMethod::kNewtonMin:
      return "siconos-newton-min";
  }
  return "unknown";
}

namespace {

int solverId(SiconosLcpMethod method) {
  switch (method) {
    case SiconosLcpMethod::kLemke:
      return SICONOS_LCP_LEMKE;
    case SiconosLcpMethod::kPivot:
      return SICONOS_LCP_PIVOT;
    case SiconosLcpMethod::kEnum:
      return SICONOS_LCP_ENUM;
    case SiconosLcpMethod::kPgs:
      return SICONOS_LCP_PGS;
    case SiconosLcpMethod::kPsor:
      return SICONOS_LCP_PSOR;
    case SiconosLcpMethod::kNewtonMin:
      return SICONOS_LCP_NEWTONMIN;
  }
  throw InvalidInputError("Siconos LCP: unknown method");
}

bool isPivoting(SiconosLcpMethod method) {
  return method == SiconosLcpMethod::kLemke || method == SiconosLcpMethod::kPivot ||
         method == SiconosLcpMethod::kEnum;
}

struct OptionsDeleter {
  void operator()(SolverOptions* options) const { solver_options_delete(options); }
};

struct MatrixDeleter {
  void operator()(NumericsMatrix* matrix) const { NM_free(matrix); }
};

}  // namespace

LcpStats solveLcpSiconos(const MatX& A, const VecX& b, VecX& f, const SiconosLcpOptions& options) {
  const Eigen::Index n = b.size();
  if (A.rows() != n || A.cols() != n) {
    throw InvalidInputError("Siconos LCP: A is " + toText(A.rows()) + "×" + toText(A.cols()) +
                            " but b has " + toText(n) + " rows");
  }
  if (!A.allFinite() || !b.allFinite()) {
    throw InvalidInputError("Siconos LCP: A and b must be finite");
  }
  if (options.max_iterations < 1 || !(options.tolerance > 0.0)) {
    throw InvalidInputError("Siconos LCP: max_iterations must be ≥ 1 and tolerance > 0");
  }
  if (f.size() != n)
    f = VecX::Zero(n);
  LcpStats stats;
  if (n == 0) {
    stats.termination = LcpTermination::kSolved;
    return stats;
  }
  const auto start = std::chrono::steady_clock::now();
  {
    static std::once_flag quiet;
    std::call_once(quiet, [] { numerics_set_verbose(0); });
  }
  const auto count = static_cast<std::size_t>(n);
  auto* data = static_cast<double*>(std::malloc(count * count * sizeof(double)));
  if (data == nullptr)
    throw std::bad_alloc();
  std::memcpy(data, A.data(), count * count * sizeof(double));  // Eigen is column-major too
  std::unique_ptr<NumericsMatrix, MatrixDeleter> matrix(
      NM_create_from_data(NM_DENSE, static_cast<int>(n), static_cast<int>(n), data));
  std::vector<double> q(b.data(), b.data() + n);
  LinearComplementarityProblem problem{static_cast<int>(n), matrix.get(), q.data()};

  std::unique_ptr<SolverOptions, OptionsDeleter> solver(
      solver_options_create(solverId(options.method)));
  solver->iparam[SICONOS_IPARAM_MAX_ITER] = options.max_iterations;
  solver->dparam[SICONOS_DPARAM_TOL] = options.tolerance;

  std::vector<double> z(f.data(), f.data() + n);
  if (isPivoting(options.method))
    std::fill(z.begin(), z.end(), 0.0);
  std::vector<double> w(count, 0.0);
  const int info = linearComplementarity_driver(&problem, z.data(), w.data(), solver.get());

  f = Eigen::Map<const VecX>(z.data(), n);
  stats.iterations = solver->iparam[SICONOS_IPARAM_ITER_DONE];
  const bool finite = f.allFinite();
  if (!finite)
    f.setZero();
  stats.measures = measureLcp(A, b, f);
  if (info != 0 || !finite) {
    stats.termination = LcpTermination::kFailed;
  } else {
    stats.termination =
        isPivoting(options.method) ? LcpTermination::kSolved : LcpTermination::kConverged;
  }
  stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return stats;
}

}  // namespace contactsim
