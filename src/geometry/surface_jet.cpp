#include "contactsim/geometry/surface.hpp"
#include "contactsim/geometry/taylor.hpp"

namespace contactsim {

const Vec3& SurfaceJet::derivative(int i, int j) const {
  switch (Taylor3::index(i, j)) {
    case 0:
      return c;
    case 1:
      return c_s;
    case 2:
      return c_t;
    case 3:
      return c_ss;
    case 4:
      return c_st;
    case 5:
      return c_tt;
    case 6:
      return c_sss;
    case 7:
      return c_sst;
    case 8:
      return c_stt;
    default:
      return c_ttt;
  }
}

SurfaceJet jetFromTaylor(const TaylorPoint& p, JetOrder order) {
  SurfaceJet jet;
  jet.order = order;
  auto d = [&p](int i, int j) {
    return Vec3(p.x.derivative(i, j), p.y.derivative(i, j), p.z.derivative(i, j));
  };
  const int n = static_cast<int>(order);
  jet.c = d(0, 0);
  if (n >= 1) {
    jet.c_s = d(1, 0);
    jet.c_t = d(0, 1);
  }
  if (n >= 2) {
    jet.c_ss = d(2, 0);
    jet.c_st = d(1, 1);
    jet.c_tt = d(0, 2);
  }
  if (n >= 3) {
    jet.c_sss = d(3, 0);
    jet.c_sst = d(2, 1);
    jet.c_stt = d(1, 2);
    jet.c_ttt = d(0, 3);
  }
  return jet;
}

}  // namespace contactsim
