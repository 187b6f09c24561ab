// The functions a11y-controls loads at run time (dlopen, Sources/CSystem/lazy_library.h), taken
// from the shims' own lists and referenced here, so that dpkg-shlibdeps, which sees only what a
// binary links, computes the packages and versions they need from their symbols files, as it
// does for linked libraries. Built twice by scripts/build-deb.sh, never installed:
//   -DA11Y_DEPENDS     speech (libspeechd) and braille (libbrlapi): the controls' two voices,
//                      tried at every start: Depends
//   -DA11Y_RECOMMENDS  tones (libasound, --tones on), contracted braille (liblouis, BRLTTY's
//                      literary braille) and Orca 49+'s service (libdbus-1, a graphical session
//                      with a D-Bus session): loaded only when needed: Recommends
#if defined(A11Y_DEPENDS)
#include "../../Sources/CSpeech/shim.h"
#include "../../Sources/CBrl/shim.h"
#define A11Y_LAZY_LISTS(X) A11Y_SPEECHD_FUNCTIONS(X) A11Y_BRLAPI_FUNCTIONS(X)
#elif defined(A11Y_RECOMMENDS)
#include "../../Sources/CAlsa/shim.h"
#include "../../Sources/CLouis/shim.h"
#include "../../Sources/CDBus/shim.h"
#define A11Y_LAZY_LISTS(X) A11Y_ALSA_FUNCTIONS(X) A11Y_LOUIS_FUNCTIONS(X) A11Y_DBUS_FUNCTIONS(X)
#else
#error "define A11Y_DEPENDS or A11Y_RECOMMENDS"
#endif

#define A11Y_REFERENCE(name) (void *)&name,
void *const a11y_lazy_functions[] = { A11Y_LAZY_LISTS(A11Y_REFERENCE) };
