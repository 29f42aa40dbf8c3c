// Written by scripts/crypto-forwarders; run it again rather than edit this file.
// Each OpenSSL function WebTrust calls, forwarded to libcrypto's own, opened on first use.
#include "crypto_loader.h"
#include "loader.h"

#pragma GCC visibility push(hidden)

ASN1_TIME * ASN1_TIME_set(ASN1_TIME * a0, time_t a1) {
    static void *_Atomic slot;
    return ((ASN1_TIME * (*)(ASN1_TIME *, time_t))CCryptoLoader_symbol("ASN1_TIME_set", &slot))(a0, a1);
}

size_t BIO_ctrl_pending(BIO * a0) {
    static void *_Atomic slot;
    return ((size_t (*)(BIO *))CCryptoLoader_symbol("BIO_ctrl_pending", &slot))(a0);
}

int BIO_free(BIO * a0) {
    static void *_Atomic slot;
    return ((int (*)(BIO *))CCryptoLoader_symbol("BIO_free", &slot))(a0);
}

BIO * BIO_new(const BIO_METHOD * a0) {
    static void *_Atomic slot;
    return ((BIO * (*)(const BIO_METHOD *))CCryptoLoader_symbol("BIO_new", &slot))(a0);
}

BIO * BIO_new_mem_buf(const void * a0, int a1) {
    static void *_Atomic slot;
    return ((BIO * (*)(const void *, int))CCryptoLoader_symbol("BIO_new_mem_buf", &slot))(a0, a1);
}

int BIO_read(BIO * a0, void * a1, int a2) {
    static void *_Atomic slot;
    return ((int (*)(BIO *, void *, int))CCryptoLoader_symbol("BIO_read", &slot))(a0, a1, a2);
}

const BIO_METHOD * BIO_s_mem(void) {
    static void *_Atomic slot;
    return ((const BIO_METHOD * (*)(void))CCryptoLoader_symbol("BIO_s_mem", &slot))();
}

BIGNUM * BN_bin2bn(const unsigned char * a0, int a1, BIGNUM * a2) {
    static void *_Atomic slot;
    return ((BIGNUM * (*)(const unsigned char *, int, BIGNUM *))CCryptoLoader_symbol("BN_bin2bn", &slot))(a0, a1, a2);
}

int BN_bn2binpad(const BIGNUM * a0, unsigned char * a1, int a2) {
    static void *_Atomic slot;
    return ((int (*)(const BIGNUM *, unsigned char *, int))CCryptoLoader_symbol("BN_bn2binpad", &slot))(a0, a1, a2);
}

void BN_free(BIGNUM * a0) {
    static void *_Atomic slot;
    ((void (*)(BIGNUM *))CCryptoLoader_symbol("BN_free", &slot))(a0);
}

ASN1_INTEGER * BN_to_ASN1_INTEGER(const BIGNUM * a0, ASN1_INTEGER * a1) {
    static void *_Atomic slot;
    return ((ASN1_INTEGER * (*)(const BIGNUM *, ASN1_INTEGER *))CCryptoLoader_symbol("BN_to_ASN1_INTEGER", &slot))(a0, a1);
}

void ECDSA_SIG_free(ECDSA_SIG * a0) {
    static void *_Atomic slot;
    ((void (*)(ECDSA_SIG *))CCryptoLoader_symbol("ECDSA_SIG_free", &slot))(a0);
}

const BIGNUM * ECDSA_SIG_get0_r(const ECDSA_SIG * a0) {
    static void *_Atomic slot;
    return ((const BIGNUM * (*)(const ECDSA_SIG *))CCryptoLoader_symbol("ECDSA_SIG_get0_r", &slot))(a0);
}

const BIGNUM * ECDSA_SIG_get0_s(const ECDSA_SIG * a0) {
    static void *_Atomic slot;
    return ((const BIGNUM * (*)(const ECDSA_SIG *))CCryptoLoader_symbol("ECDSA_SIG_get0_s", &slot))(a0);
}

ECDSA_SIG * ECDSA_SIG_new(void) {
    static void *_Atomic slot;
    return ((ECDSA_SIG * (*)(void))CCryptoLoader_symbol("ECDSA_SIG_new", &slot))();
}

int ECDSA_SIG_set0(ECDSA_SIG * a0, BIGNUM * a1, BIGNUM * a2) {
    static void *_Atomic slot;
    return ((int (*)(ECDSA_SIG *, BIGNUM *, BIGNUM *))CCryptoLoader_symbol("ECDSA_SIG_set0", &slot))(a0, a1, a2);
}

void ERR_clear_error(void) {
    static void *_Atomic slot;
    ((void (*)(void))CCryptoLoader_symbol("ERR_clear_error", &slot))();
}

void ERR_error_string_n(long unsigned int a0, char * a1, size_t a2) {
    static void *_Atomic slot;
    ((void (*)(long unsigned int, char *, size_t))CCryptoLoader_symbol("ERR_error_string_n", &slot))(a0, a1, a2);
}

long unsigned int ERR_get_error(void) {
    static void *_Atomic slot;
    return ((long unsigned int (*)(void))CCryptoLoader_symbol("ERR_get_error", &slot))();
}

int EVP_DigestSign(EVP_MD_CTX * a0, unsigned char * a1, size_t * a2, const unsigned char * a3, size_t a4) {
    static void *_Atomic slot;
    return ((int (*)(EVP_MD_CTX *, unsigned char *, size_t *, const unsigned char *, size_t))CCryptoLoader_symbol("EVP_DigestSign", &slot))(a0, a1, a2, a3, a4);
}

int EVP_DigestSignInit(EVP_MD_CTX * a0, EVP_PKEY_CTX ** a1, const EVP_MD * a2, ENGINE * a3, EVP_PKEY * a4) {
    static void *_Atomic slot;
    return ((int (*)(EVP_MD_CTX *, EVP_PKEY_CTX **, const EVP_MD *, ENGINE *, EVP_PKEY *))CCryptoLoader_symbol("EVP_DigestSignInit", &slot))(a0, a1, a2, a3, a4);
}

int EVP_DigestVerify(EVP_MD_CTX * a0, const unsigned char * a1, size_t a2, const unsigned char * a3, size_t a4) {
    static void *_Atomic slot;
    return ((int (*)(EVP_MD_CTX *, const unsigned char *, size_t, const unsigned char *, size_t))CCryptoLoader_symbol("EVP_DigestVerify", &slot))(a0, a1, a2, a3, a4);
}

int EVP_DigestVerifyInit(EVP_MD_CTX * a0, EVP_PKEY_CTX ** a1, const EVP_MD * a2, ENGINE * a3, EVP_PKEY * a4) {
    static void *_Atomic slot;
    return ((int (*)(EVP_MD_CTX *, EVP_PKEY_CTX **, const EVP_MD *, ENGINE *, EVP_PKEY *))CCryptoLoader_symbol("EVP_DigestVerifyInit", &slot))(a0, a1, a2, a3, a4);
}

void EVP_MD_CTX_free(EVP_MD_CTX * a0) {
    static void *_Atomic slot;
    ((void (*)(EVP_MD_CTX *))CCryptoLoader_symbol("EVP_MD_CTX_free", &slot))(a0);
}

EVP_MD_CTX * EVP_MD_CTX_new(void) {
    static void *_Atomic slot;
    return ((EVP_MD_CTX * (*)(void))CCryptoLoader_symbol("EVP_MD_CTX_new", &slot))();
}

void EVP_PKEY_CTX_free(EVP_PKEY_CTX * a0) {
    static void *_Atomic slot;
    ((void (*)(EVP_PKEY_CTX *))CCryptoLoader_symbol("EVP_PKEY_CTX_free", &slot))(a0);
}

EVP_PKEY_CTX * EVP_PKEY_CTX_new_from_name(OSSL_LIB_CTX * a0, const char * a1, const char * a2) {
    static void *_Atomic slot;
    return ((EVP_PKEY_CTX * (*)(OSSL_LIB_CTX *, const char *, const char *))CCryptoLoader_symbol("EVP_PKEY_CTX_new_from_name", &slot))(a0, a1, a2);
}

int EVP_PKEY_CTX_set_group_name(EVP_PKEY_CTX * a0, const char * a1) {
    static void *_Atomic slot;
    return ((int (*)(EVP_PKEY_CTX *, const char *))CCryptoLoader_symbol("EVP_PKEY_CTX_set_group_name", &slot))(a0, a1);
}

void EVP_PKEY_free(EVP_PKEY * a0) {
    static void *_Atomic slot;
    ((void (*)(EVP_PKEY *))CCryptoLoader_symbol("EVP_PKEY_free", &slot))(a0);
}

int EVP_PKEY_generate(EVP_PKEY_CTX * a0, EVP_PKEY ** a1) {
    static void *_Atomic slot;
    return ((int (*)(EVP_PKEY_CTX *, EVP_PKEY **))CCryptoLoader_symbol("EVP_PKEY_generate", &slot))(a0, a1);
}

int EVP_PKEY_get_group_name(const EVP_PKEY * a0, char * a1, size_t a2, size_t * a3) {
    static void *_Atomic slot;
    return ((int (*)(const EVP_PKEY *, char *, size_t, size_t *))CCryptoLoader_symbol("EVP_PKEY_get_group_name", &slot))(a0, a1, a2, a3);
}

int EVP_PKEY_is_a(const EVP_PKEY * a0, const char * a1) {
    static void *_Atomic slot;
    return ((int (*)(const EVP_PKEY *, const char *))CCryptoLoader_symbol("EVP_PKEY_is_a", &slot))(a0, a1);
}

int EVP_PKEY_keygen_init(EVP_PKEY_CTX * a0) {
    static void *_Atomic slot;
    return ((int (*)(EVP_PKEY_CTX *))CCryptoLoader_symbol("EVP_PKEY_keygen_init", &slot))(a0);
}

const EVP_MD * EVP_sha256(void) {
    static void *_Atomic slot;
    return ((const EVP_MD * (*)(void))CCryptoLoader_symbol("EVP_sha256", &slot))();
}

EVP_PKEY * PEM_read_bio_PUBKEY(BIO * a0, EVP_PKEY ** a1, pem_password_cb (*a2), void * a3) {
    static void *_Atomic slot;
    return ((EVP_PKEY * (*)(BIO *, EVP_PKEY **, pem_password_cb (*), void *))CCryptoLoader_symbol("PEM_read_bio_PUBKEY", &slot))(a0, a1, a2, a3);
}

EVP_PKEY * PEM_read_bio_PrivateKey(BIO * a0, EVP_PKEY ** a1, pem_password_cb (*a2), void * a3) {
    static void *_Atomic slot;
    return ((EVP_PKEY * (*)(BIO *, EVP_PKEY **, pem_password_cb (*), void *))CCryptoLoader_symbol("PEM_read_bio_PrivateKey", &slot))(a0, a1, a2, a3);
}

X509 * PEM_read_bio_X509(BIO * a0, X509 ** a1, pem_password_cb (*a2), void * a3) {
    static void *_Atomic slot;
    return ((X509 * (*)(BIO *, X509 **, pem_password_cb (*), void *))CCryptoLoader_symbol("PEM_read_bio_X509", &slot))(a0, a1, a2, a3);
}

int PEM_write_bio_PUBKEY(BIO * a0, const EVP_PKEY * a1) {
    static void *_Atomic slot;
    return ((int (*)(BIO *, const EVP_PKEY *))CCryptoLoader_symbol("PEM_write_bio_PUBKEY", &slot))(a0, a1);
}

int PEM_write_bio_PrivateKey(BIO * a0, const EVP_PKEY * a1, const EVP_CIPHER * a2, const unsigned char * a3, int a4, pem_password_cb (*a5), void * a6) {
    static void *_Atomic slot;
    return ((int (*)(BIO *, const EVP_PKEY *, const EVP_CIPHER *, const unsigned char *, int, pem_password_cb (*), void *))CCryptoLoader_symbol("PEM_write_bio_PrivateKey", &slot))(a0, a1, a2, a3, a4, a5, a6);
}

int PEM_write_bio_X509(BIO * a0, const X509 * a1) {
    static void *_Atomic slot;
    return ((int (*)(BIO *, const X509 *))CCryptoLoader_symbol("PEM_write_bio_X509", &slot))(a0, a1);
}

int RAND_bytes(unsigned char * a0, int a1) {
    static void *_Atomic slot;
    return ((int (*)(unsigned char *, int))CCryptoLoader_symbol("RAND_bytes", &slot))(a0, a1);
}

X509_EXTENSION * X509V3_EXT_nconf_nid(CONF * a0, X509V3_CTX * a1, int a2, const char * a3) {
    static void *_Atomic slot;
    return ((X509_EXTENSION * (*)(CONF *, X509V3_CTX *, int, const char *))CCryptoLoader_symbol("X509V3_EXT_nconf_nid", &slot))(a0, a1, a2, a3);
}

void X509V3_set_ctx(X509V3_CTX * a0, X509 * a1, X509 * a2, X509_REQ * a3, X509_CRL * a4, int a5) {
    static void *_Atomic slot;
    ((void (*)(X509V3_CTX *, X509 *, X509 *, X509_REQ *, X509_CRL *, int))CCryptoLoader_symbol("X509V3_set_ctx", &slot))(a0, a1, a2, a3, a4, a5);
}

void X509_EXTENSION_free(X509_EXTENSION * a0) {
    static void *_Atomic slot;
    ((void (*)(X509_EXTENSION *))CCryptoLoader_symbol("X509_EXTENSION_free", &slot))(a0);
}

int X509_NAME_add_entry_by_txt(X509_NAME * a0, const char * a1, int a2, const unsigned char * a3, int a4, int a5, int a6) {
    static void *_Atomic slot;
    return ((int (*)(X509_NAME *, const char *, int, const unsigned char *, int, int, int))CCryptoLoader_symbol("X509_NAME_add_entry_by_txt", &slot))(a0, a1, a2, a3, a4, a5, a6);
}

int X509_NAME_cmp(const X509_NAME * a0, const X509_NAME * a1) {
    static void *_Atomic slot;
    return ((int (*)(const X509_NAME *, const X509_NAME *))CCryptoLoader_symbol("X509_NAME_cmp", &slot))(a0, a1);
}

void X509_NAME_free(X509_NAME * a0) {
    static void *_Atomic slot;
    ((void (*)(X509_NAME *))CCryptoLoader_symbol("X509_NAME_free", &slot))(a0);
}

X509_NAME * X509_NAME_new(void) {
    static void *_Atomic slot;
    return ((X509_NAME * (*)(void))CCryptoLoader_symbol("X509_NAME_new", &slot))();
}

int X509_add_ext(X509 * a0, X509_EXTENSION * a1, int a2) {
    static void *_Atomic slot;
    return ((int (*)(X509 *, X509_EXTENSION *, int))CCryptoLoader_symbol("X509_add_ext", &slot))(a0, a1, a2);
}

int X509_check_host(X509 * a0, const char * a1, size_t a2, unsigned int a3, char ** a4) {
    static void *_Atomic slot;
    return ((int (*)(X509 *, const char *, size_t, unsigned int, char **))CCryptoLoader_symbol("X509_check_host", &slot))(a0, a1, a2, a3, a4);
}

int X509_check_ip_asc(X509 * a0, const char * a1, unsigned int a2) {
    static void *_Atomic slot;
    return ((int (*)(X509 *, const char *, unsigned int))CCryptoLoader_symbol("X509_check_ip_asc", &slot))(a0, a1, a2);
}

int X509_cmp_time(const ASN1_TIME * a0, time_t * a1) {
    static void *_Atomic slot;
    return ((int (*)(const ASN1_TIME *, time_t *))CCryptoLoader_symbol("X509_cmp_time", &slot))(a0, a1);
}

int X509_digest(const X509 * a0, const EVP_MD * a1, unsigned char * a2, unsigned int * a3) {
    static void *_Atomic slot;
    return ((int (*)(const X509 *, const EVP_MD *, unsigned char *, unsigned int *))CCryptoLoader_symbol("X509_digest", &slot))(a0, a1, a2, a3);
}

void X509_free(X509 * a0) {
    static void *_Atomic slot;
    ((void (*)(X509 *))CCryptoLoader_symbol("X509_free", &slot))(a0);
}

const ASN1_TIME * X509_get0_notAfter(const X509 * a0) {
    static void *_Atomic slot;
    return ((const ASN1_TIME * (*)(const X509 *))CCryptoLoader_symbol("X509_get0_notAfter", &slot))(a0);
}

EVP_PKEY * X509_get0_pubkey(const X509 * a0) {
    static void *_Atomic slot;
    return ((EVP_PKEY * (*)(const X509 *))CCryptoLoader_symbol("X509_get0_pubkey", &slot))(a0);
}

X509_NAME * X509_get_issuer_name(const X509 * a0) {
    static void *_Atomic slot;
    return ((X509_NAME * (*)(const X509 *))CCryptoLoader_symbol("X509_get_issuer_name", &slot))(a0);
}

ASN1_INTEGER * X509_get_serialNumber(X509 * a0) {
    static void *_Atomic slot;
    return ((ASN1_INTEGER * (*)(X509 *))CCryptoLoader_symbol("X509_get_serialNumber", &slot))(a0);
}

X509_NAME * X509_get_subject_name(const X509 * a0) {
    static void *_Atomic slot;
    return ((X509_NAME * (*)(const X509 *))CCryptoLoader_symbol("X509_get_subject_name", &slot))(a0);
}

ASN1_TIME * X509_getm_notAfter(const X509 * a0) {
    static void *_Atomic slot;
    return ((ASN1_TIME * (*)(const X509 *))CCryptoLoader_symbol("X509_getm_notAfter", &slot))(a0);
}

ASN1_TIME * X509_getm_notBefore(const X509 * a0) {
    static void *_Atomic slot;
    return ((ASN1_TIME * (*)(const X509 *))CCryptoLoader_symbol("X509_getm_notBefore", &slot))(a0);
}

X509 * X509_new(void) {
    static void *_Atomic slot;
    return ((X509 * (*)(void))CCryptoLoader_symbol("X509_new", &slot))();
}

int X509_set_issuer_name(X509 * a0, const X509_NAME * a1) {
    static void *_Atomic slot;
    return ((int (*)(X509 *, const X509_NAME *))CCryptoLoader_symbol("X509_set_issuer_name", &slot))(a0, a1);
}

int X509_set_pubkey(X509 * a0, EVP_PKEY * a1) {
    static void *_Atomic slot;
    return ((int (*)(X509 *, EVP_PKEY *))CCryptoLoader_symbol("X509_set_pubkey", &slot))(a0, a1);
}

int X509_set_subject_name(X509 * a0, const X509_NAME * a1) {
    static void *_Atomic slot;
    return ((int (*)(X509 *, const X509_NAME *))CCryptoLoader_symbol("X509_set_subject_name", &slot))(a0, a1);
}

int X509_set_version(X509 * a0, long int a1) {
    static void *_Atomic slot;
    return ((int (*)(X509 *, long int))CCryptoLoader_symbol("X509_set_version", &slot))(a0, a1);
}

int X509_sign(X509 * a0, EVP_PKEY * a1, const EVP_MD * a2) {
    static void *_Atomic slot;
    return ((int (*)(X509 *, EVP_PKEY *, const EVP_MD *))CCryptoLoader_symbol("X509_sign", &slot))(a0, a1, a2);
}

int X509_verify(X509 * a0, EVP_PKEY * a1) {
    static void *_Atomic slot;
    return ((int (*)(X509 *, EVP_PKEY *))CCryptoLoader_symbol("X509_verify", &slot))(a0, a1);
}

ECDSA_SIG * d2i_ECDSA_SIG(ECDSA_SIG ** a0, const unsigned char ** a1, long int a2) {
    static void *_Atomic slot;
    return ((ECDSA_SIG * (*)(ECDSA_SIG **, const unsigned char **, long int))CCryptoLoader_symbol("d2i_ECDSA_SIG", &slot))(a0, a1, a2);
}

EVP_PKEY * d2i_PUBKEY(EVP_PKEY ** a0, const unsigned char ** a1, long int a2) {
    static void *_Atomic slot;
    return ((EVP_PKEY * (*)(EVP_PKEY **, const unsigned char **, long int))CCryptoLoader_symbol("d2i_PUBKEY", &slot))(a0, a1, a2);
}

int i2d_ECDSA_SIG(const ECDSA_SIG * a0, unsigned char ** a1) {
    static void *_Atomic slot;
    return ((int (*)(const ECDSA_SIG *, unsigned char **))CCryptoLoader_symbol("i2d_ECDSA_SIG", &slot))(a0, a1);
}

int i2d_PUBKEY(const EVP_PKEY * a0, unsigned char ** a1) {
    static void *_Atomic slot;
    return ((int (*)(const EVP_PKEY *, unsigned char **))CCryptoLoader_symbol("i2d_PUBKEY", &slot))(a0, a1);
}

#pragma GCC visibility pop
