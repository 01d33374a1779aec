#include "report/report_contacts.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace contactsim::report {
namespace {

// Smooth contacts by their friction mode, the others by their model.
std::string kind(const ContactInfo& contact) {
  return contact.smooth ? toString(contact.smooth->mode) : toString(contact.model);
}

}  // namespace

void addContacts(nlohmann::json& data, const RunResult& result, double length_quantum,
                 double radius) {
  double largest = 0.0;
  bool any = false;
  for (const TrajectorySample& s : result.samples) {
    for (const ContactInfo& c : s.contacts) {
      largest = std::max(largest, c.force.norm());
      any = true;
    }
  }
  if (!any)
    return;
  // Forces in integer units of a power of ten near 1e-4 of the largest.
  const double force_quantum =
      largest > 0.0 ? std::pow(10.0, std::floor(std::log10(largest * 1e-4))) : 1.0;
  std::vector<std::string> kinds;
  nlohmann::json samples = nlohmann::json::array();
  for (const TrajectorySample& s : result.samples) {
    nlohmann::json contacts = nlohmann::json::array();
    for (const ContactInfo& c : s.contacts) {
      const std::string k = kind(c);
      auto at = std::find(kinds.begin(), kinds.end(), k);
      if (at == kinds.end())
        at = kinds.insert(kinds.end(), k);
      nlohmann::json row = {c.body_a, c.body_b};
      for (int i = 0; i < 3; ++i)
        row.push_back(std::llround(c.point[i] / length_quantum));
      for (int i = 0; i < 3; ++i)
        row.push_back(std::llround(c.normal[i] * 1000.0));
      for (int i = 0; i < 3; ++i)
        row.push_back(std::llround(c.force[i] / force_quantum));
      row.push_back(at - kinds.begin());
      contacts.push_back(std::move(row));
    }
    samples.push_back(std::move(contacts));
  }
  data["contacts"] = std::move(samples);
  data["contact_kinds"] = kinds;
  data["force_quantum"] = force_quantum;
  data["force_scale"] = largest > 0.0 ? 0.5 * radius / largest : 0.0;
}

}  // namespace contactsim::report
