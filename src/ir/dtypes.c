/* dtypes.c — the dtype table from dtypes.def and descriptor arithmetic. */
#include "ir/dtypes.h"
#include "base/checked.h"

#include <stdio.h>
#include <string.h>

typedef struct dtype_info {
    const char *name;
    uint8_t bytes, bits;
    nnx_dtype_kind kind;
} dtype_info;

static const dtype_info table[NNX_DTYPE_COUNT] = {
    [NNX_DTYPE_UNDEFINED] = {NULL, 0, 0, NNX_KIND_NONE},
#define NNX_DTYPE(TAG, name, bytes, kind, bits) [NNX_##TAG] = {#name, bytes, bits, NNX_KIND_##kind},
#include "ir/dtypes.def"
#undef NNX_DTYPE
};

/* The public enum and the table must agree row for row. */
enum {
    dtype_rows = 0
#define NNX_DTYPE(TAG, name, bytes, kind, bits) +1
#include "ir/dtypes.def"
#undef NNX_DTYPE
};
_Static_assert(dtype_rows + 1 == NNX_DTYPE_COUNT, "dtypes.def and nnx.h disagree");

bool nnx_dtype_valid(nnx_dtype dt) { return (unsigned)dt > NNX_DTYPE_UNDEFINED && (unsigned)dt < NNX_DTYPE_COUNT; }
const char *nnx_dtype_name(nnx_dtype dt) { return nnx_dtype_valid(dt) ? table[dt].name : NULL; }
size_t nnx_dtype_size(nnx_dtype dt) { return nnx_dtype_valid(dt) ? table[dt].bytes : 0; }
nnx_dtype_kind nnx_dtype_kind_of(nnx_dtype dt) { return nnx_dtype_valid(dt) ? table[dt].kind : NNX_KIND_NONE; }
unsigned nnx_dtype_bits(nnx_dtype dt) { return nnx_dtype_valid(dt) ? table[dt].bits : 0; }

int64_t nnx_dtype_int_min(nnx_dtype dt)
{
    if (nnx_dtype_kind_of(dt) != NNX_KIND_SINT)
        return 0;
    unsigned bits = table[dt].bits;
    return bits == 64 ? INT64_MIN : -((int64_t)1 << (bits - 1));
}

uint64_t nnx_dtype_int_max(nnx_dtype dt)
{
    unsigned bits = nnx_dtype_bits(dt);
    switch (nnx_dtype_kind_of(dt)) {
    case NNX_KIND_SINT: return ((uint64_t)1 << (bits - 1)) - 1;
    case NNX_KIND_UINT: return bits == 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1;
    case NNX_KIND_BOOL: return 1;
    default: return 0;
    }
}

bool nnx_desc_elements(const nnx_operand_desc *d, uint64_t *count)
{
    uint64_t n = 1;
    for (uint32_t i = 0; i < d->rank && i < NNX_MAX_RANK; i++)
        if (!nnx_mul_u64(n, d->shape[i], &n))
            return false;
    *count = n;
    return true;
}

bool nnx_desc_bytes(const nnx_operand_desc *d, size_t *bytes)
{
    uint64_t n;
    if (!nnx_desc_elements(d, &n) || n > SIZE_MAX)
        return false;
    return nnx_mul_size((size_t)n, nnx_dtype_size(d->dtype), bytes);
}

bool nnx_desc_equal(const nnx_operand_desc *a, const nnx_operand_desc *b)
{
    if (a->dtype != b->dtype || a->rank != b->rank)
        return false;
    for (uint32_t i = 0; i < a->rank; i++)
        if (a->shape[i] != b->shape[i])
            return false;
    return true;
}

const char *nnx_desc_format(const nnx_operand_desc *d, char *buf, size_t size)
{
    const char *name = nnx_dtype_name(d->dtype);
    int n = snprintf(buf, size, "%s[", name ? name : "?");
    for (uint32_t i = 0; i < d->rank && n > 0 && (size_t)n < size; i++)
        n += snprintf(buf + n, size - (size_t)n, i ? ",%u" : "%u", d->shape[i]);
    if (n > 0 && (size_t)n < size)
        snprintf(buf + n, size - (size_t)n, "]");
    return buf;
}
