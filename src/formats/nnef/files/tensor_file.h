/* tensor_file.h — NNEF tensor data files (.dat, NNEF 1.0.2 §5.2): header validation, decoding
 * the item bit stream into an nnx dtype buffer, and encoding nnx buffers into .dat files.
 * Decisions on the spec's gaps (code halves, bit order, signed logarithmic layout, version,
 * zero extents, reserved bytes, the later item-type scheme) are listed in tensor_file.c.
 * Stage files/ (first): needs no other NNEF stage. */
#ifndef NNX_FORMATS_NNEF_TENSOR_FILE_H
#define NNX_FORMATS_NNEF_TENSOR_FILE_H

#include "base/alloc.h"
#include "base/error.h"

#define NNX_NNEF_HEADER_SIZE 128
#define NNX_NNEF_MAX_RANK 8

/* Khronos (vendor 0) algorithm codes. 0x00, 0x01, 0x10, 0x11 are NNEF 1.0.2; 0x02..0x05 are
 * the later "item type" scheme (Quint, Qint, Int, Bool), whose 0 and 1 agree with 1.0.2. */
typedef enum nnx_nnef_code {
    NNX_NNEF_CODE_FLOAT = 0x00,
    NNX_NNEF_CODE_INTEGER = 0x01, /* later scheme: Uint (its signed word is then zero) */
    NNX_NNEF_CODE_QUINT = 0x02,
    NNX_NNEF_CODE_QINT = 0x03,
    NNX_NNEF_CODE_INT = 0x04,
    NNX_NNEF_CODE_BOOL = 0x05,
    NNX_NNEF_CODE_LINEAR = 0x10,
    NNX_NNEF_CODE_LOGARITHMIC = 0x11
} nnx_nnef_code;

/* What an item is, whichever code said so. */
typedef enum nnx_nnef_item_kind {
    NNX_NNEF_ITEM_FLOAT = 1,      /* IEEE binary16/32/64 */
    NNX_NNEF_ITEM_INTEGER = 2,    /* two's complement if is_signed, else unsigned */
    NNX_NNEF_ITEM_BOOL = 3,       /* any nonzero item is true */
    NNX_NNEF_ITEM_LINEAR = 4,     /* codes q in [0, 2^bits - 1] between min and max */
    NNX_NNEF_ITEM_LOGARITHMIC = 5 /* codes q: 2^(q + m - r), signed when min == -max */
} nnx_nnef_item_kind;

/* Warnings: the file is readable but breaks a "should" of the spec (bits of info->warnings,
 * for a loader to log). */
enum {
    NNX_NNEF_WARN_VERSION = 1u << 0,  /* version 1.x with x > 0 */
    NNX_NNEF_WARN_RESERVED = 1u << 1, /* nonzero reserved header bytes */
    NNX_NNEF_WARN_PARAMS = 1u << 2,   /* nonzero parameter bytes the code does not use */
    NNX_NNEF_WARN_TRAILING = 1u << 3, /* bytes after the data */
    NNX_NNEF_WARN_PADDING = 1u << 4   /* nonzero padding bits in the last data byte */
};

typedef struct nnx_nnef_tensor_info {
    const char *path;   /* the path given to parse, used in messages (not owned) */
    uint8_t version[2]; /* major, minor */
    uint32_t rank;      /* 0..8; rank 0 is a scalar */
    uint32_t shape[NNX_NNEF_MAX_RANK];
    uint64_t volume; /* product of the extents (1 for rank 0) */
    uint32_t bits;   /* bits per item, 1..64 */
    uint32_t code;   /* the raw code word (vendor << 16 | algorithm) */
    nnx_nnef_item_kind kind;
    bool is_signed;       /* integer: signed; logarithmic: min == -max */
    bool quantized;       /* later scheme Quint/Qint: integer codes whose meaning
                                  comes from graph.quant, not from this file */
    float min, max;       /* linear and logarithmic parameters */
    uint32_t data_length; /* bytes of item data at offset 128 */
    uint32_t warnings;    /* NNX_NNEF_WARN_* */
} nnx_nnef_tensor_info;

/* Validates the header of a whole file held in bytes[0..size) and fills info. Errors are
 * NNX_ERROR_INVALID_MODEL with "PATH: error: <field> <what is wrong> (offset N)"; path
 * (may be NULL) must outlive info, which later messages quote. */
nnx_status nnx_nnef_tensor_parse(const void *bytes, size_t size, const char *path, nnx_nnef_tensor_info *info,
                                 nnx_error *err);

/* The smallest standard nnx type that holds every item the header allows, exactly:
 * float16/32/64; int8..int64 or uint8..uint64 for integers (quantized codes included);
 * bool; float32 for linear and logarithmic items. */
nnx_dtype nnx_nnef_tensor_natural_dtype(const nnx_nnef_tensor_info *info);

/* Decodes the items of the file that info was parsed from (bytes: the same buffer, header
 * included) into dst, volume elements of target in row-major order; dst_size must be exactly
 * volume * nnx_dtype_size(target). Reads straight from bytes (a mapped view needs no copy).
 *  - float targets (float16, bfloat16, float32, float64, fp8e4m3, fp8e5m2) accept every item
 *    kind; each value is rounded once to the target (same-width floats are copied bit for
 *    bit); linear/logarithmic items give the dequantized values.
 *  - integer and bool targets accept integer, bool and quantized items (for linear and
 *    logarithmic items: the raw codes q); a value outside the target's range is
 *    NNX_ERROR_INVALID_MODEL naming the item and its offset. Float items into an integer
 *    target are NNX_ERROR_INVALID_ARGUMENT.
 * On error dst holds unspecified data. */
nnx_status nnx_nnef_tensor_decode(const nnx_nnef_tensor_info *info, const void *bytes, nnx_dtype target, void *dst,
                                  size_t dst_size, nnx_error *err);

/* Maps or reads path, parses and decodes it into a new buffer of target (0 = the natural
 * dtype) from nnx_mem_alloc_aligned; free it with nnx_mem_free_aligned. On failure *data is
 * NULL and nothing is left allocated. info->path points at path. */
nnx_status nnx_nnef_tensor_load(const char *path, const nnx_alloc *a, nnx_dtype target, nnx_nnef_tensor_info *info,
                                void **data, size_t *size, nnx_error *err);

/* ------------------------------------------------------------------ writing */

typedef enum nnx_nnef_scheme {
    NNX_NNEF_SCHEME_1_0_2 = 0,     /* quantization codes with the signed word (default) */
    NNX_NNEF_SCHEME_ITEM_TYPES = 1 /* later item types: Uint 1, Int 4, Bool 5 */
} nnx_nnef_scheme;

/* Valid when zeroed: the 1.0.2 scheme, each dtype's natural width, plain values. */
typedef struct nnx_nnef_encode_options {
    nnx_nnef_scheme scheme;
    /* Bits per item for integer and bool data: 0 = the dtype's width (bool: 1, int4: 4,
     * int48: 48); else 1..64 and every value must fit (bool: 1 or 8). Floats: 0 only. */
    uint32_t bits;
    /* 0 = plain values. NNX_NNEF_ITEM_LINEAR or NNX_NNEF_ITEM_LOGARITHMIC: the data are the
     * codes q (an unsigned integer dtype, each < 2^bits) written with min and max (1.0.2
     * scheme only); logarithmic min is 0 (unsigned) or -max (signed: q's top bit is the sign). */
    nnx_nnef_item_kind quantize;
    float min, max;
} nnx_nnef_encode_options;

/* Size in bytes of the file nnx_nnef_tensor_encode would write. Errors (bad dtype, shape,
 * options, data length over 4 GiB) are NNX_ERROR_INVALID_ARGUMENT or NNX_ERROR_NOT_SUPPORTED. */
nnx_status nnx_nnef_tensor_encoded_size(nnx_dtype dtype, const uint32_t *shape, uint32_t rank,
                                        const nnx_nnef_encode_options *options, size_t *size, nnx_error *err);

/* Writes a .dat file for data (data_size = volume * nnx_dtype_size(dtype) bytes of dtype,
 * row-major) into out[0..out_size); *written receives the file size. options may be NULL.
 * Supported dtypes: float16, float32, float64, every integer type, bool. */
nnx_status nnx_nnef_tensor_encode(nnx_dtype dtype, const uint32_t *shape, uint32_t rank, const void *data,
                                  size_t data_size, const nnx_nnef_encode_options *options, void *out, size_t out_size,
                                  size_t *written, nnx_error *err);

#endif
