#ifndef CCRYPTOLOADER_PRIVATE_H
#define CCRYPTOLOADER_PRIVATE_H
/// The address of libcrypto's function `name`, resolved once into `slot`. A libcrypto
/// that cannot be opened, or that lacks the function, ends the process with the reason:
/// there is no way to carry on a call of a function that is not there.
void *CCryptoLoader_symbol(const char *name, void *_Atomic *slot);
#endif
