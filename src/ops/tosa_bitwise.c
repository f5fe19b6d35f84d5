/* tosa_bitwise.c — bitwise_and/or/xor/not, clz and the three shifts (TOSA BITWISE_*, CLZ,
 * LOGICAL_LEFT_SHIFT, LOGICAL_RIGHT_SHIFT, ARITHMETIC_RIGHT_SHIFT; TOSA 1.0 §2.5.3–§2.5.5, §2.6.2,
 * §2.6.4, §2.5.2, §2.5.8, §2.5.9; §4.5.1):
 * shape inference and reference kernels. Values are handled as the type's bit pattern in a
 * uint64 (two's complement), so every operation is defined in C for every input. */
#include "ir/elem.h"
#include "ir/shape.h"
#include "ops/table.h"
#include "ops/tosa.h"

static bool is_integer(nnx_dtype dt)
{
    nnx_dtype_kind k = nnx_dtype_kind_of(dt);
    return k == NNX_KIND_SINT || k == NNX_KIND_UINT;
}

nnx_status nnx_infer_bitwise(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                             nnx_error *err)
{
    const nnx_operand_desc *a = in[0];
    bool shift = args->op == NNX_OP_SHIFT_LEFT || args->op == NNX_OP_SHIFT_RIGHT_LOGICAL ||
        args->op == NNX_OP_SHIFT_RIGHT_ARITHMETIC;
    bool arithmetic = args->op == NNX_OP_SHIFT_RIGHT_ARITHMETIC;
    if (!is_integer(a->dtype) || (arithmetic && nnx_dtype_kind_of(a->dtype) != NNX_KIND_SINT))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input type %s is not a%s integer type",
                             nnx_dtype_name(a->dtype), arithmetic ? " signed" : "n");
    *out = *a;
    if (nnx_op_table[args->op].in_min == 1)
        return NNX_OK;
    const nnx_operand_desc *b = in[1];
    if (!b)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "the second operand is required");
    if (b->dtype != a->dtype)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s types differ (%s and %s)",
                             shift ? "value and shift amount" : "input", nnx_dtype_name(a->dtype),
                             nnx_dtype_name(b->dtype));
    if (!nnx_broadcast_shapes(a->shape, a->rank, b->shape, b->rank, out->shape, &out->rank)) {
        char sa[96], sb[96];
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "shapes %s and %s do not broadcast",
                             nnx_desc_format(a, sa, sizeof sa), nnx_desc_format(b, sb, sizeof sb));
    }
    return NNX_OK;
}

/* The low `bits` bits of v. */
static uint64_t low_bits(uint64_t v, unsigned bits) { return bits >= 64 ? v : v & ((UINT64_C(1) << bits) - 1); }

/* v's low `bits` bits read as a two's complement number. */
static int64_t sign_extend(uint64_t v, unsigned bits)
{
    v = low_bits(v, bits);
    if (bits < 64 && (v >> (bits - 1)) & 1)
        v |= ~UINT64_C(0) << bits;
    int64_t s;
    memcpy(&s, &v, sizeof s);
    return s;
}

/* A shift amount b (the operand's value) clamped into [0, bits]. */
static unsigned shift_amount(int64_t b, unsigned bits) { return b < 0 ? 0 : b > (int64_t)bits ? bits : (unsigned)b; }

/* Arithmetic shift of a signed value right by s in [0, 64], flooring (sign fill). */
static int64_t arith_shift(int64_t a, unsigned s)
{
    if (s >= 63)
        return a < 0 ? -1 : 0;
    return a >= 0 ? a >> s : -(int64_t)((uint64_t)(-(a + 1)) >> s) - 1; /* floor without UB */
}

static uint64_t eval(const nnx_op_args *args, nnx_dtype dt, uint64_t a, uint64_t b, int64_t bs)
{
    unsigned bits = nnx_dtype_bits(dt);
    switch (args->op) {
    case NNX_OP_BITWISE_AND: return a & b;
    case NNX_OP_BITWISE_OR: return a | b;
    case NNX_OP_BITWISE_XOR: return a ^ b;
    case NNX_OP_BITWISE_NOT: return ~a;
    case NNX_OP_CLZ: {
        uint64_t v = low_bits(a, bits);
        unsigned n = bits;
        while (v) {
            v >>= 1;
            n--;
        }
        return n;
    }
    case NNX_OP_SHIFT_LEFT: {
        unsigned s = shift_amount(bs, bits);
        return s >= bits ? 0 : a << s;
    }
    case NNX_OP_SHIFT_RIGHT_LOGICAL: {
        unsigned s = shift_amount(bs, bits);
        return s >= bits ? 0 : low_bits(a, bits) >> s;
    }
    case NNX_OP_SHIFT_RIGHT_ARITHMETIC: {
        unsigned s = shift_amount(bs, bits);
        int64_t v = sign_extend(a, bits), r = arith_shift(v, s);
        if (args->attrs->shift.round && s > 0 && (arith_shift(v, s - 1) & 1))
            r += 1;
        return (uint64_t)r;
    }
    default: return 0;
    }
}

nnx_status nnx_ref_bitwise(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_operand_desc *od = &out->desc;
    nnx_dtype dt = od->dtype;
    bool binary = nnx_op_table[args->op].in_min == 2;
    uint64_t sa[NNX_MAX_RANK], sb[NNX_MAX_RANK];
    nnx_broadcast_strides(in[0].desc.shape, in[0].desc.rank, od->rank, sa);
    if (binary)
        nnx_broadcast_strides(in[1].desc.shape, in[1].desc.rank, od->rank, sb);
    uint32_t idx[NNX_MAX_RANK] = {0};
    size_t o = 0;
    do {
        size_t ia = 0, ib = 0;
        for (uint32_t d = 0; d < od->rank; d++) {
            ia += idx[d] * sa[d];
            ib += binary ? idx[d] * sb[d] : 0;
        }
        uint64_t a = nnx_load_u(dt, in[0].data, ia), b = binary ? nnx_load_u(dt, in[1].data, ib) : 0;
        int64_t bs = binary ? nnx_load_i(dt, in[1].data, ib) : 0;
        if (binary && nnx_dtype_kind_of(dt) == NNX_KIND_UINT && dt == NNX_UINT64 && b > INT64_MAX)
            bs = INT64_MAX; /* a huge unsigned amount shifts everything out */
        uint64_t r = eval(args, dt, a, b, bs);
        /* wrap into the type's width (int4 and int48 are stored sign-extended) */
        int64_t v;
        if (nnx_dtype_kind_of(dt) == NNX_KIND_SINT)
            v = sign_extend(r, nnx_dtype_bits(dt));
        else
            memcpy(&v, &r, sizeof v); /* unsigned: the store keeps the low bits */
        nnx_store_i(dt, out->data, o++, v);
    } while (nnx_index_next(idx, od->shape, od->rank));
    return NNX_OK;
}
