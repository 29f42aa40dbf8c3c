// glibc's malloc tuning (mallopt), which the Glibc Swift module leaves out.
#if __has_include(<malloc.h>)
#include <malloc.h>
#endif
