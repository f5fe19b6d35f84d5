/* tosa_file.h — a `.tosa` file (the TOSA serialization library's FlatBuffers graph, schema
 * revisions 1.0 and 1.1) held as it is written: version, regions of basic blocks, each with
 * its tensors, shapes and operators, every attribute field and constant byte kept, so that
 * reading, writing and reading again gives the same structure. The enumerations carry the
 * file's numbers. Reader: tosa_read.c; writer: tosa_write.c; data encodings: tosa_data.c. */
#ifndef NNX_FORMATS_TOSA_FILE_H
#define NNX_FORMATS_TOSA_FILE_H

#include "base/arena.h"
#include "base/error.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* DType of the file (1.0: 0..12; 1.1 appends 13..18). */
typedef enum nnx_tfile_dtype {
    NNX_TFILE_UNKNOWN = 0,
    NNX_TFILE_BOOL,
    NNX_TFILE_INT4,
    NNX_TFILE_INT8,
    NNX_TFILE_INT16,
    NNX_TFILE_INT32,
    NNX_TFILE_INT48,
    NNX_TFILE_FP32,
    NNX_TFILE_FP16,
    NNX_TFILE_BF16,
    NNX_TFILE_SHAPE,
    NNX_TFILE_FP8E4M3,
    NNX_TFILE_FP8E5M2,
    NNX_TFILE_FP6E2M3, /* 1.1 from here */
    NNX_TFILE_FP6E3M2,
    NNX_TFILE_FP4E2M1,
    NNX_TFILE_FP8UE8M0,
    NNX_TFILE_INT64,
    NNX_TFILE_MXINT8,
    NNX_TFILE_DTYPE_COUNT
} nnx_tfile_dtype;
#define NNX_TFILE_DTYPE_COUNT_1_0 13u /* DType values of schema 1.0 */

/* Op of the file: 0 UNKNOWN, 1..75 the TOSA 1.0 operators, numbered as nnx_tosa_op
 * (include/nnx.h), then 76..96 the operators schema 1.1 appends (tosa_names.c). */
#define NNX_TFILE_OP_COUNT_1_0 76u /* one past CONST_SHAPE (75) */
#define NNX_TFILE_OP_COUNT 97u     /* one past AVG_POOL2D_ADAPTIVE (96) */

/* An int32 vector field: present (the field was written, possibly empty) and its items. */
typedef struct nnx_tfile_ints {
    bool present;
    uint32_t count;
    int32_t *v;
} nnx_tfile_ints;

/* A [ubyte] vector field. */
typedef struct nnx_tfile_bytes {
    bool present;
    size_t size;
    uint8_t *data; /* 64-byte aligned copy (NULL when size is 0) */
} nnx_tfile_bytes;

/* The attribute table of an operator: one struct holds the fields of every member table
 * of the union `Attribute`; only the fields of member `type - 1` are meaningful (and only
 * those are written). Enumerations keep the file's numbers. */
typedef struct nnx_tfile_attr {
    uint8_t type; /* union tag: 0 none, 1 + the member's index (= the Op it belongs to) */
    int32_t axis;
    uint32_t nan_mode;      /* NanPropagationMode: 0 UNKNOWN, 1 PROPAGATE, 2 IGNORE */
    uint32_t acc_type;      /* nnx_tfile_dtype */
    uint32_t mode;          /* ResizeMode: 0 UNKNOWN, 1 NEAREST, 2 BILINEAR */
    uint32_t rounding_mode; /* RoundingMode: 0 UNKNOWN, 1 SINGLE, 2 INEXACT, 3 DOUBLE */
    uint32_t block_size;    /* 1.1 BlockSize: 0 or 32 */
    nnx_tfile_ints kernel, stride, pad, dilation, out_pad, perms;
    bool local_bound, inverse, round, scale32, per_channel, input_unsigned, output_unsigned, allow_broadcast;
    nnx_tfile_bytes min_val, max_val;        /* CLAMP: one value in the input type's encoding */
    nnx_tfile_bytes implementation_attrs;    /* CUSTOM */
    const char *operator_name, *domain_name; /* CUSTOM (NULL: absent) */
    const char *graph1, *graph2;             /* COND_IF then/else, WHILE_LOOP cond/body block names */
} nnx_tfile_attr;

typedef struct nnx_tfile_operator {
    uint32_t op; /* Op number */
    nnx_tfile_attr attr;
    uint32_t n_inputs, n_outputs;
    const char **inputs, **outputs;
    const char *location; /* OpLocation.text; NULL: absent */
} nnx_tfile_operator;

typedef struct nnx_tfile_tensor {
    const char *name;
    nnx_tfile_ints shape;
    uint32_t type;        /* nnx_tfile_dtype */
    nnx_tfile_bytes data; /* present: a constant (or a variable's initial value) */
    bool variable, is_unranked;
    const char *variable_name;
    uint64_t offset, size; /* data outside the buffer (offset > 1): kept as read; the reader
                              refuses them (decision TOSA-FB3) */
} nnx_tfile_tensor;

typedef struct nnx_tfile_shape {
    const char *name;
    uint32_t rank;
    nnx_tfile_bytes data;
} nnx_tfile_shape;

typedef struct nnx_tfile_block {
    const char *name;
    uint32_t n_operators, n_tensors, n_inputs, n_outputs, n_shapes;
    nnx_tfile_operator *operators;
    nnx_tfile_tensor *tensors;
    const char **inputs, **outputs;
    nnx_tfile_shape *shapes;
} nnx_tfile_block;

typedef struct nnx_tfile_region {
    const char *name;
    uint32_t n_blocks;
    nnx_tfile_block *blocks;
} nnx_tfile_region;

typedef struct nnx_tfile_version {
    int32_t major, minor, patch; /* -1: absent */
    bool draft;                  /* default true */
} nnx_tfile_version;

typedef struct nnx_tfile {
    nnx_arena arena; /* everything below lives here */
    nnx_tfile_version version;
    bool has_software_version; /* 1.1 */
    int32_t sw_major, sw_minor, sw_micro;
    const char *sw_modifier;
    uint32_t n_regions;
    nnx_tfile_region *regions;
} nnx_tfile;

/* Nesting and size bounds of the reader (a file beyond them is refused, naming the bound). */
#define NNX_TFILE_MAX_DEPTH 16u              /* tables inside tables: the schema needs 5 */
#define NNX_TFILE_MAX_ITEMS (1u << 24)       /* items of one vector ([ubyte] data: bounded by the file) */
#define NNX_TFILE_MAX_NAME ((size_t)4096)    /* bytes of one string */
#define NNX_TFILE_MAX_TEXT ((size_t)1 << 20) /* bytes of OpLocation.text (MLIR locations run long) */

void nnx_tfile_init(nnx_tfile *f, const nnx_alloc *alloc);
void nnx_tfile_free(nnx_tfile *f);

/* Reads the flatbuffer data[0..size) into f (initialised): every offset, length and count
 * is checked against the buffer before it is followed. Errors: NNX_ERROR_INVALID_ARGUMENT
 * "<where>: error: <table>.<field> ..." (where = the file's name for messages),
 * NNX_ERROR_NOT_SUPPORTED for a schema feature nnx does not read, OUT_OF_MEMORY. */
nnx_status nnx_tfile_read(nnx_tfile *f, const void *data, size_t size, const char *where, nnx_error *err);

/* Writes f as a flatbuffer: *out (from alloc, freed by the caller) of *size bytes. Errors:
 * INVALID_ARGUMENT "error: regions[r].blocks[b].operators[i]: ..." for an Op, union tag or
 * DType past the schema or a count without its array; NOT_SUPPORTED past 2 GiB; OUT_OF_MEMORY. */
nnx_status nnx_tfile_write(const nnx_tfile *f, const nnx_alloc *alloc, uint8_t **out, size_t *size, nnx_error *err);

/* true when a and b hold the same structure, fields and bytes; else false and *where names
 * the first difference ("regions[0].blocks[0].operators[3].attr.pad"; a static buffer of
 * the caller, may be NULL). For tests. */
bool nnx_tfile_equal(const nnx_tfile *a, const nnx_tfile *b, char *where, size_t where_size);

/* Names: "CONV2D" for an Op number (NULL past the 1.1 list); "INT8" for a DType; the
 * attribute table of union tag t ("Conv2dAttribute"). */
const char *nnx_tfile_op_name(uint32_t op);
const char *nnx_tfile_dtype_name(uint32_t dtype);
const char *nnx_tfile_attr_table_name(uint32_t tag);

/* The block named name in region r, or NULL. */
const nnx_tfile_block *nnx_tfile_find_block(const nnx_tfile_region *r, const char *name);

#endif
