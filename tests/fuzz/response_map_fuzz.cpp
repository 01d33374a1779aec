// libFuzzer target: the response-map reader (loadResponseMap, docs/response-map-format.md). A map
// that loads must also write (responseMapText validates again) and read back to the same text:
// a difference is a failure (abort), as is any exception other than contactsim::Error.
#include <cstdint>
#include <cstdlib>
#include <optional>

#include "contactsim/bem/response_map.hpp"
#include "contactsim/error.hpp"
#include "fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::filesystem::path file = contactsim::fuzz::inputFile(data, size, "map.json");
  std::optional<contactsim::ResponseMap> map;
  try {
    map = contactsim::loadResponseMap(file.string());
  } catch (const contactsim::Error&) {
    return 0;  // an expected rejection
  }
  // Round trip: what loaded writes without error, and reads back to the same text.
  const std::string text = contactsim::responseMapText(*map);
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data());
  const std::string again = contactsim::responseMapText(contactsim::loadResponseMap(
      contactsim::fuzz::inputFile(bytes, text.size(), "again.json").string()));
  if (again != text)
    std::abort();
  return 0;
}
