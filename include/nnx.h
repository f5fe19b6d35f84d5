/* nnx.h — the one public header of libnnx, a neural-network exchange and inference engine.
 * The graph-builder API follows the W3C WebNN API (context, builder, operands, tensors,
 * dispatch) translated to C: blocking calls returning nnx_status, opaque handles, options
 * structs that are valid when zero-initialized. See docs/ARCHITECTURE.md for the design. */
#ifndef NNX_H
#define NNX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32) && defined(NNX_SHARED_BUILD)
#define NNX_API __declspec(dllexport)
#elif defined(__GNUC__)
#define NNX_API __attribute__((visibility("default")))
#else
#define NNX_API
#endif

#define NNX_VERSION_MAJOR 0
#define NNX_VERSION_MINOR 1
#define NNX_VERSION_PATCH 0
/* "MAJOR.MINOR.PATCH" of the library actually linked. */
NNX_API const char *nnx_version(void);
/* The kernels this process uses: "avx512", "avx2", "generic" or "reference" (no fast
 * kernels): the best the CPU supports, capped by the environment variable NNX_CPU_LEVEL when
 * it holds one of those names. When NNX_CPU_LEVEL holds anything else, NULL, and every graph
 * build fails with NNX_ERROR_INVALID_ARGUMENT naming the valid values. */
NNX_API const char *nnx_kernel_level(void);
/* The worker threads of a context created with threads = 0: one per online core. */
NNX_API uint32_t nnx_default_threads(void);
/* The model formats this build reads, space-separated, e.g. "onnx nnvm tosa nnef". */
NNX_API const char *nnx_formats(void);

/* ---------------------------------------------------------------------------------------
 * Ownership rules (they hold for every call in this header):
 *  1. Every X_create has an X_destroy; X_destroy(NULL) and destroying twice are no-ops.
 *  2. A context owns everything created from it. nnx_context_destroy destroys its builders,
 *     graphs, tensors and models, then the context itself.
 *  2a. A destroyed handle stays recognisable: a later call with it fails cleanly (tensors:
 *     NNX_ERROR_INVALID_ARGUMENT, WebNN's TypeError; contexts, builders, graphs, models:
 *     NNX_ERROR_INVALID_STATE; queries return 0 / NULL / zeroed descriptors) instead of
 *     touching freed memory. Each destroyed handle keeps a small struct (under 1 KiB, from
 *     malloc, outside the allocator hook); the 4096 most recently destroyed are kept, so a
 *     handle destroyed longer ago than that must not be used.
 *  3. Operands belong to their builder and die with it. An operand passed to another
 *     builder is an error (NNX_ERROR_INVALID_ARGUMENT), never undefined behaviour.
 *  4. A graph is independent of the builder that made it: the builder may be destroyed
 *     right after nnx_builder_build.
 *  5. Every array, string and data buffer the caller passes is copied (or fully consumed)
 *     before the call returns; the caller may free it at once. The one exception is the
 *     memory of a tensor view (nnx_tensor_create_view), which the tensor uses in place.
 *  6. A string returned by the library lives until the next mutating call on the object
 *     that returned it, or until that object is destroyed.
 *  7. Threads: one graph may be dispatched from several threads at once, each dispatch with
 *     its own tensors (results are those of sequential runs; a graph that updates NNEF
 *     variables runs its dispatches one at a time); tensors may be created, written, read
 *     and destroyed from several threads. Everything else about one context (builders,
 *     models, destroying graphs or the context) is used from one thread at a time.
 *     Different contexts are independent. The only process-wide state is the list of
 *     recently destroyed handles (rule 2a), guarded by a mutex.
 *  8. Timeline (WebNN's promises, in C): every call has finished its work when it returns.
 *     nnx_tensor_write, nnx_context_dispatch and nnx_tensor_read are blocking copies and
 *     runs, so calls made from one thread take effect in program order: a read after a
 *     dispatch returns that dispatch's results, a write after a dispatch does not change
 *     them. Across threads the caller orders the calls on one tensor: a tensor written or
 *     read while a dispatch on another thread writes it is a data race (its bytes are
 *     unspecified), which tensors of one's own per thread (rule 7) avoid.
 *  9. Context loss: nnx has no device that can be lost; a context is lost exactly when
 *     nnx_context_destroy is called on it. Every later call with it, or with anything it
 *     owned, fails with NNX_ERROR_INVALID_STATE (tensors: NNX_ERROR_INVALID_ARGUMENT),
 *     which is how the loss is reported to the caller (WebNN's `lost` promise).
 * The library never prints, exits or aborts on bad input; it reports through nnx_status,
 * the failing object's message, and the optional log callback.
 * ------------------------------------------------------------------------------------- */

/* Status codes. Values are explicit and append-only. The WebNN exception each one stands
 * for is given in brackets. */
typedef enum nnx_status {
    NNX_OK = 0,
    NNX_ERROR_INVALID_ARGUMENT = 1, /* [TypeError] bad argument, type, shape or name */
    NNX_ERROR_INVALID_STATE = 2,    /* [InvalidStateError] e.g. builder already built */
    NNX_ERROR_OUT_OF_MEMORY = 3,    /* an allocation failed; nothing leaked */
    NNX_ERROR_NOT_SUPPORTED = 4,    /* [NotSupportedError] valid, but not implemented here */
    NNX_ERROR_OPERATION = 5,        /* [OperationError] compiling a graph failed */
    NNX_ERROR_UNKNOWN = 6,          /* [UnknownError] */
    NNX_ERROR_IO = 7,               /* reading or writing a file failed */
    NNX_ERROR_PARSE = 8,            /* a document is malformed (message has file:line:col) */
    NNX_ERROR_INVALID_MODEL = 9     /* a document parses but breaks a rule of its format */
} nnx_status;

/* A constant name for a status ("NNX_ERROR_INVALID_ARGUMENT"); "NNX_UNKNOWN_STATUS" for a
 * value that is not one of the above. */
NNX_API const char *nnx_status_string(nnx_status status);

/* Element data types. Storage (bytes per element in memory) is in parentheses; int4, int2
 * and int48 are stored unpacked, sign-extended, uint4 and uint2 zero-extended, fp4e2m1 as
 * its 4-bit code in the low half of a byte (high half 0), so every element is
 * byte-addressable; packing is a file format's concern. Values 18..24 were added after
 * bool to keep the earlier values; they are the ONNX IR types (TensorProto.DataType)
 * FLOAT8E4M3FNUZ, FLOAT8E5M2FNUZ, FLOAT8E8M0, FLOAT4E2M1, UINT4, INT2, UINT2 (fp8e4m3 and
 * fp8e5m2 are ONNX's FLOAT8E4M3FN and FLOAT8E5M2). Formats: OCP 8-bit Floating Point
 * Specification (OFP8) rev 1.0 §5; OCP Microscaling Formats (MX) v1.0 §5.3.3 (E2M1) and
 * §5.4.1 (E8M0); FNUZ is OFP8's layout with the bias one higher, every exponent field
 * holding numbers, no -0 and the pattern 1.0000.000 as the only NaN. */
typedef enum nnx_dtype {
    NNX_DTYPE_UNDEFINED = 0,
    NNX_FLOAT32 = 1,  /* (4) IEEE binary32 */
    NNX_FLOAT16 = 2,  /* (2) IEEE binary16, passed as raw uint16_t bits */
    NNX_BFLOAT16 = 3, /* (2) upper half of binary32, raw uint16_t bits */
    NNX_FLOAT64 = 4,  /* (8) IEEE binary64 */
    NNX_FP8E4M3 = 5,  /* (1) OCP OFP8 E4M3: no infinities */
    NNX_FP8E5M2 = 6,  /* (1) OCP OFP8 E5M2 */
    NNX_INT4 = 7,     /* (1) values -8..7 */
    NNX_INT8 = 8,     /* (1) */
    NNX_INT16 = 9,    /* (2) */
    NNX_INT32 = 10,   /* (4) */
    NNX_INT48 = 11,   /* (8) values fit 48 bits (TOSA accumulator) */
    NNX_INT64 = 12,   /* (8) */
    NNX_UINT8 = 13,   /* (1) */
    NNX_UINT16 = 14,  /* (2) */
    NNX_UINT32 = 15,  /* (4) */
    NNX_UINT64 = 16,  /* (8) */
    NNX_BOOL = 17,    /* (1) 0 or 1 */
    /* (1) FNUZ E4M3: bias 8, max 240, no infinities, no -0, one NaN 0x80 */
    NNX_FP8E4M3FNUZ = 18,
    /* (1) FNUZ E5M2: bias 16, max 57344, no infinities, no -0, one NaN 0x80 */
    NNX_FP8E5M2FNUZ = 19,
    /* (1) OCP MX E8M0 scale: 2^(bits - 127), 0xFF NaN; no zero, no sign */
    NNX_FP8E8M0 = 20,
    /* (1) OCP MX E2M1: 0, 0.5, 1, 1.5, 2, 3, 4, 6 and negatives; no inf, no NaN */
    NNX_FP4E2M1 = 21,
    NNX_UINT4 = 22, /* (1) values 0..15 */
    NNX_INT2 = 23,  /* (1) values -2..1 */
    NNX_UINT2 = 24  /* (1) values 0..3 */
} nnx_dtype;

/* Lower-case name ("float32", "int4", …) or NULL for an invalid value. */
NNX_API const char *nnx_dtype_name(nnx_dtype dtype);
/* Bytes per element in memory, 0 for an invalid value. */
NNX_API size_t nnx_dtype_size(nnx_dtype dtype);
/* The type nnx_dtype_name calls name ("float32", "int4", …), or NNX_DTYPE_UNDEFINED for
 * NULL or any other string. */
NNX_API nnx_dtype nnx_dtype_from_name(const char *name);
/* True for the floating-point types: float16, bfloat16, float32, float64, fp8e4m3, fp8e5m2,
 * fp8e4m3fnuz, fp8e5m2fnuz, fp8e8m0, fp4e2m1. */
NNX_API bool nnx_dtype_is_floating_point(nnx_dtype dtype);
/* True for the signed integer types: int2, int4, int8, int16, int32, int48, int64. */
NNX_API bool nnx_dtype_is_signed_integer(nnx_dtype dtype);
/* The range of an integer or bool type: min is 0 for the unsigned ones and bool, max is 1
 * for bool (int4: -8..7, int2: -2..1, uint4: 0..15, uint2: 0..3, int48: -2^47..2^47-1).
 * Both are 0 for float types and invalid values. */
NNX_API int64_t nnx_dtype_integer_min(nnx_dtype dtype);
NNX_API uint64_t nnx_dtype_integer_max(nnx_dtype dtype);

/* The largest rank nnx supports (WebNN leaves it to the implementation, issue #456). */
#define NNX_MAX_RANK 8

/* An operand's (or tensor's) type: a data type and a shape. rank 0 is a scalar. */
typedef struct nnx_operand_desc {
    nnx_dtype dtype;
    uint32_t rank;
    uint32_t shape[NNX_MAX_RANK];
} nnx_operand_desc;
/* The bytes of a tensor of type desc (the product of the extents, 1 for rank 0, times
 * nnx_dtype_size) into *bytes. NNX_ERROR_INVALID_ARGUMENT for a NULL argument, an invalid
 * dtype, a rank above NNX_MAX_RANK or a size that overflows size_t. */
NNX_API nnx_status nnx_operand_desc_bytes(const nnx_operand_desc *desc, size_t *bytes);

/* A number given to an operation (WebNN MLNumber): it is cast to the operand's data type
 * with WebNN's rules (clamp to range, round half to even, NaN -> 0 for integers).
 * kind NNX_NUMBER_ABSENT (the zero value) means "not given", so zeroed options keep their
 * defaults. Build values with nnx_f64(), nnx_i64(), nnx_u64(). */
typedef enum nnx_number_kind {
    NNX_NUMBER_ABSENT = 0,
    NNX_NUMBER_FLOAT64 = 1,
    NNX_NUMBER_INT64 = 2,
    NNX_NUMBER_UINT64 = 3
} nnx_number_kind;

typedef struct nnx_number {
    nnx_number_kind kind;
    union {
        double f64;
        int64_t i64;
        uint64_t u64;
    } value;
} nnx_number;

static inline nnx_number nnx_f64(double v)
{
    nnx_number n = {NNX_NUMBER_FLOAT64, {0}};
    n.value.f64 = v;
    return n;
}
static inline nnx_number nnx_i64(int64_t v)
{
    nnx_number n = {NNX_NUMBER_INT64, {0}};
    n.value.i64 = v;
    return n;
}
static inline nnx_number nnx_u64(uint64_t v)
{
    nnx_number n = {NNX_NUMBER_UINT64, {0}};
    n.value.u64 = v;
    return n;
}

/* ---------------------------------------------------------------- element values
 * Element `index` of a row-major buffer of dtype, as it is stored in memory (sub-byte types
 * and int48 unpacked, float16, bfloat16 and the 8- and 4-bit floats as raw bits). Nothing is
 * checked: data must hold more than index elements; an invalid dtype loads 0 and stores
 * nothing. */

/* Any type as a double: exact for every type but 64-bit integers and int48 beyond 2^53,
 * which are rounded. */
NNX_API double nnx_element_load_f64(nnx_dtype dtype, const void *data, size_t index);
/* An integer or bool type as an int64 (uint64 values above INT64_MAX wrap: use
 * nnx_element_load_u64). A float type gives its value converted as by a C cast. */
NNX_API int64_t nnx_element_load_i64(nnx_dtype dtype, const void *data, size_t index);
/* nnx_element_load_i64 as a uint64: exact for every unsigned type and bool. */
NNX_API uint64_t nnx_element_load_u64(nnx_dtype dtype, const void *data, size_t index);
/* Stores value into a float type, rounded once to nearest (ties to even); does nothing for
 * other types. Out of range: float16, bfloat16, fp8e5m2 give +-inf, fp8e4m3 and the FNUZ
 * types NaN (not saturating, as OCP OFP8's default); fp4e2m1 saturates to +-6 (NaN: +6).
 * fp8e8m0 holds powers of two: |value| is rounded up to one and saturated to
 * 2^-127..2^127 (ONNX Cast's defaults for FLOAT8E8M0; NaN stays NaN). */
NNX_API void nnx_element_store_f64(nnx_dtype dtype, void *data, size_t index, double value);
/* Stores the low bits of value (two's complement wrap) into an integer or bool type; does
 * nothing for float types. Sub-byte types keep their own width's low bits (int4 and int2
 * sign-extended), so 9 stored as int4 reads back -7. The caller keeps values in the type's
 * range (nnx_dtype_integer_min/max) where wrapping is not meant. */
NNX_API void nnx_element_store_i64(nnx_dtype dtype, void *data, size_t index, int64_t value);

/* ---------------------------------------------------------------- context */

typedef struct nnx_context nnx_context;
typedef struct nnx_builder nnx_builder;
typedef struct nnx_operand nnx_operand;
typedef struct nnx_graph nnx_graph;
typedef struct nnx_tensor nnx_tensor;

/* Allocator hook. Give all three functions or none (NULL members = libc). alloc and
 * realloc return NULL on failure; the library then reports NNX_ERROR_OUT_OF_MEMORY and
 * releases what it had taken. The library aligns large buffers itself. */
typedef struct nnx_allocator {
    void *(*alloc)(void *user, size_t size);
    void *(*realloc)(void *user, void *ptr, size_t size);
    void (*free)(void *user, void *ptr);
    void *user;
} nnx_allocator;

typedef enum nnx_log_level {
    NNX_LOG_DEBUG = 0,
    NNX_LOG_INFO = 1,
    NNX_LOG_WARNING = 2,
    NNX_LOG_ERROR = 3
} nnx_log_level;

/* Called synchronously from the thread that made the library call. */
typedef void (*nnx_log_fn)(void *user, nnx_log_level level, const char *message);

typedef enum nnx_power_preference {
    NNX_POWER_DEFAULT = 0,
    NNX_POWER_HIGH_PERFORMANCE = 1,
    NNX_POWER_LOW_POWER = 2
} nnx_power_preference;

typedef struct nnx_context_options {
    uint32_t threads;        /* worker threads; 0 = one per core, 1 = none, at most
                                        * NNX_MAX_THREADS (more: nnx_context_create fails with
                                        * NNX_ERROR_INVALID_ARGUMENT). A graph's
                                        * dispatches use them unless, while they run slow, single-
                                        * thread dispatches prove faster (the same bytes either way) */
    nnx_allocator allocator; /* zeroed = libc malloc/realloc/free */
    nnx_log_fn log;          /* NULL = no logging */
    void *log_user;
    nnx_power_preference power_preference; /* a hint (WebNN); this CPU backend ignores it */
} nnx_context_options;

/* The most worker threads a context may have (nnx_context_options.threads; engine decision
 * E43): each worker keeps scratch of its own, so memory grows with the count, while no
 * machine nnx targets has this many cores to run them on. */
#define NNX_MAX_THREADS 256

/* options may be NULL (all defaults). On failure *out is NULL. */
NNX_API nnx_status nnx_context_create(const nnx_context_options *options, nnx_context **out);
NNX_API void nnx_context_destroy(nnx_context *context);
/* The message of the last failed context-level call (tensor create/read/write, dispatch),
 * "" if none failed yet. The text is the calling thread's own copy, valid until its next
 * nnx_context_error call; with calls failing concurrently on several threads it is the
 * message of one of them. */
NNX_API const char *nnx_context_error(const nnx_context *context);

/* ---------------------------------------------------------------- tensors */

typedef struct nnx_tensor_desc {
    nnx_operand_desc desc;
    bool readable; /* nnx_tensor_read allowed */
    bool writable; /* nnx_tensor_write allowed */
} nnx_tensor_desc;

/* A zero-filled tensor. Unlike builder operands (WebNN's valid dimensions are at least 1), a
 * tensor may be empty: an extent of 0 gives 0 bytes (read and write then take size 0, and
 * their data pointer may be NULL), for the empty values an ONNX graph may take or give. */
NNX_API nnx_status nnx_tensor_create(nnx_context *context, const nnx_tensor_desc *desc, nnx_tensor **out);
/* A constant tensor (WebNN createConstantTensor): data (size bytes, exactly the descriptor's
 * byte length) is copied; the tensor is neither readable nor writable and can only be
 * consumed by nnx_builder_constant_tensor, never bound at dispatch. */
NNX_API nnx_status nnx_tensor_create_constant(nnx_context *context, const nnx_operand_desc *desc, const void *data,
                                              size_t size, nnx_tensor **out);
/* A tensor over caller memory (not a WebNN call: it lets a binding such as Python's pass its
 * arrays without a copy). data holds size bytes, exactly the descriptor's byte length,
 * row-major, aligned to the element size (to 8 for larger elements); it is read and written
 * in place, never copied or freed by nnx. The caller keeps it valid, and does not write it
 * while a dispatch reads it or read it while a dispatch writes it, until nnx_tensor_destroy
 * (or nnx_context_destroy). readable and writable are as for nnx_tensor_create. Errors:
 * NNX_ERROR_INVALID_ARGUMENT (a bad descriptor, a wrong size, misaligned data). */
NNX_API nnx_status nnx_tensor_create_view(nnx_context *context, const nnx_tensor_desc *desc, void *data, size_t size,
                                          nnx_tensor **out);
/* Copies size bytes (exactly the tensor's byte length) into / out of a tensor. */
NNX_API nnx_status nnx_tensor_write(nnx_tensor *tensor, const void *data, size_t size);
NNX_API nnx_status nnx_tensor_read(nnx_tensor *tensor, void *out, size_t size);
NNX_API void nnx_tensor_get_desc(const nnx_tensor *tensor, nnx_tensor_desc *out);
NNX_API void nnx_tensor_destroy(nnx_tensor *tensor);

/* ---------------------------------------------------------------- builder */

/* A builder makes at most one graph. */
NNX_API nnx_status nnx_builder_create(nnx_context *context, nnx_builder **out);
NNX_API void nnx_builder_destroy(nnx_builder *builder);

/* Sticky error. Builder calls never return NULL: after the first error every later call
 * returns a poisoned operand and the first error is kept, to be reported by build. The
 * message names the operation and its label: "conv2d 'stem': input channels 3 != …". */
NNX_API nnx_status nnx_builder_status(const nnx_builder *builder);
NNX_API const char *nnx_builder_error(const nnx_builder *builder); /* "" if no error */

/* The type of an operand (a poisoned operand reports NNX_DTYPE_UNDEFINED, rank 0). */
NNX_API void nnx_operand_get_desc(const nnx_operand *operand, nnx_operand_desc *out);

/* Every operation takes options whose first member is the label used in messages. */
typedef struct nnx_operator_options {
    const char *label;
} nnx_operator_options;

/* A named graph input; names are non-empty and unique within the builder. */
NNX_API nnx_operand *nnx_builder_input(nnx_builder *b, const char *name, const nnx_operand_desc *desc);
/* A constant from bytes; size must equal the descriptor's byte length. Copied. */
NNX_API nnx_operand *nnx_builder_constant(nnx_builder *b, const nnx_operand_desc *desc, const void *data, size_t size);
/* A scalar constant: value cast to dtype with WebNN's cast rules. */
NNX_API nnx_operand *nnx_builder_constant_scalar(nnx_builder *b, nnx_dtype dtype, nnx_number value);
/* A constant from a constant tensor of the same context. Its bytes are captured now, so
 * the tensor may be destroyed afterwards. */
NNX_API nnx_operand *nnx_builder_constant_tensor(nnx_builder *b, nnx_tensor *tensor);

/* Element-wise binary operations with bidirectional (numpy) broadcasting. div on integers
 * truncates toward zero; see WebNN decision 6.1-23 for division by zero and overflow. */
NNX_API nnx_operand *nnx_builder_add(nnx_builder *b, nnx_operand *a, nnx_operand *c, const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_sub(nnx_builder *b, nnx_operand *a, nnx_operand *c, const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_mul(nnx_builder *b, nnx_operand *a, nnx_operand *c, const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_div(nnx_builder *b, nnx_operand *a, nnx_operand *c, const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_max(nnx_builder *b, nnx_operand *a, nnx_operand *c, const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_min(nnx_builder *b, nnx_operand *a, nnx_operand *c, const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_pow(nnx_builder *b, nnx_operand *a, nnx_operand *c, const nnx_operator_options *o);

/* Element-wise unary operations. */
NNX_API nnx_operand *nnx_builder_abs(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_neg(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_ceil(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_floor(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_exp(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_log(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_sqrt(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_relu(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_sigmoid(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_tanh(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o);
/* Unary: round_even rounds half to even; sign gives -1/0/1 (float and signed integer types);
 * identity copies (any type); the others take float types. */
NNX_API nnx_operand *nnx_builder_round_even(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_sign(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_erf(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_reciprocal(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_sin(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_cos(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_tan(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_identity(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o);

typedef struct nnx_clamp_options {
    const char *label;
    nnx_number min_value; /* absent: no lower bound */
    nnx_number max_value; /* absent: no upper bound */
} nnx_clamp_options;
NNX_API nnx_operand *nnx_builder_clamp(nnx_builder *b, nnx_operand *x, const nnx_clamp_options *o);

/* Element-wise cast to dtype (WebNN cast table; float -> int truncates and saturates). */
NNX_API nnx_operand *nnx_builder_cast(nnx_builder *b, nnx_operand *x, nnx_dtype dtype, const nnx_operator_options *o);

/* Matrix product of the last two axes; the leading (batch) axes broadcast. Ranks >= 2. */
NNX_API nnx_operand *nnx_builder_matmul(nnx_builder *b, nnx_operand *a, nnx_operand *c, const nnx_operator_options *o);

typedef struct nnx_gemm_options {
    const char *label;
    nnx_operand *c;   /* NULL: none; else broadcastable to [M, N] */
    nnx_number alpha; /* absent: 1 */
    nnx_number beta;  /* absent: 1 */
    bool a_transpose;
    bool b_transpose;
} nnx_gemm_options;
/* alpha * A' * B' + beta * C for rank-2 A and B. */
NNX_API nnx_operand *nnx_builder_gemm(nnx_builder *b, nnx_operand *a, nnx_operand *c, const nnx_gemm_options *o);

/* Layouts: the zero value is WebNN's default. */
typedef enum nnx_input_layout {
    NNX_LAYOUT_DEFAULT = 0, /* nchw */
    NNX_LAYOUT_NCHW = 1,
    NNX_LAYOUT_NHWC = 2
} nnx_input_layout;

typedef enum nnx_filter_layout {
    NNX_FILTER_DEFAULT = 0, /* oihw */
    NNX_FILTER_OIHW = 1,
    NNX_FILTER_HWIO = 2,
    NNX_FILTER_OHWI = 3,
    NNX_FILTER_IHWO = 4
} nnx_filter_layout;

/* List options are (pointer, count) pairs: pointer NULL means "absent" (the default);
 * a non-NULL pointer with count 0 is a given, empty list. */
typedef struct nnx_conv2d_options {
    const char *label;
    const uint32_t *padding; /* [beginH, endH, beginW, endW]; absent: zeros */
    uint32_t padding_count;
    const uint32_t *strides; /* [H, W]; absent: ones */
    uint32_t strides_count;
    const uint32_t *dilations; /* [H, W]; absent: ones */
    uint32_t dilations_count;
    uint32_t groups; /* 0 means the default, 1 */
    nnx_input_layout input_layout;
    nnx_filter_layout filter_layout;
    nnx_operand *bias; /* NULL: none; else [outputChannels] */
} nnx_conv2d_options;
NNX_API nnx_operand *nnx_builder_conv2d(nnx_builder *b, nnx_operand *input, nnx_operand *filter,
                                        const nnx_conv2d_options *o);

typedef enum nnx_rounding {
    NNX_ROUNDING_DEFAULT = 0, /* floor */
    NNX_ROUNDING_FLOOR = 1,
    NNX_ROUNDING_CEIL = 2
} nnx_rounding;

typedef struct nnx_pool2d_options {
    const char *label;
    const uint32_t *window_dimensions; /* [H, W]; absent: the whole input plane */
    uint32_t window_dimensions_count;
    const uint32_t *padding;
    uint32_t padding_count;
    const uint32_t *strides;
    uint32_t strides_count;
    const uint32_t *dilations;
    uint32_t dilations_count;
    nnx_input_layout layout;
    nnx_rounding output_shape_rounding;
    const uint32_t *output_sizes; /* [H, W]; absent: computed with the rounding */
    uint32_t output_sizes_count;
} nnx_pool2d_options;
/* averagePool2d divides by the number of in-bounds elements (padding is not counted). */
NNX_API nnx_operand *nnx_builder_average_pool2d(nnx_builder *b, nnx_operand *x, const nnx_pool2d_options *o);
NNX_API nnx_operand *nnx_builder_max_pool2d(nnx_builder *b, nnx_operand *x, const nnx_pool2d_options *o);
/* l2Pool2d: the square root of the sum of squares of the window's in-bounds elements. */
NNX_API nnx_operand *nnx_builder_l2_pool2d(nnx_builder *b, nnx_operand *x, const nnx_pool2d_options *o);

/* convTranspose2d filter layouts (WebNN MLConvTranspose2dFilterOperandLayout). */
typedef enum nnx_conv_transpose_filter_layout {
    NNX_TFILTER_DEFAULT = 0, /* iohw */
    NNX_TFILTER_IOHW = 1,    /* [inputChannels, outputChannels/groups, H, W] */
    NNX_TFILTER_HWOI = 2,    /* [H, W, outputChannels/groups, inputChannels] */
    NNX_TFILTER_OHWI = 3     /* [outputChannels/groups, H, W, inputChannels] */
} nnx_conv_transpose_filter_layout;

typedef struct nnx_conv_transpose2d_options {
    const char *label;
    const uint32_t *padding; /* [beginH, endH, beginW, endW]; absent: zeros */
    uint32_t padding_count;
    const uint32_t *strides; /* [H, W]; absent: ones */
    uint32_t strides_count;
    const uint32_t *dilations; /* [H, W]; absent: ones */
    uint32_t dilations_count;
    const uint32_t *output_padding; /* [H, W]; absent: zeros; each < its stride (without outputSizes) */
    uint32_t output_padding_count;
    const uint32_t *output_sizes; /* [H, W]; absent: computed + outputPadding */
    uint32_t output_sizes_count;
    uint32_t groups; /* 0 means the default, 1 */
    nnx_input_layout input_layout;
    nnx_conv_transpose_filter_layout filter_layout;
    nnx_operand *bias; /* NULL: none; else [outputChannels] */
} nnx_conv_transpose2d_options;
/* Transposed 2-D convolution; output extent (in - 1) * stride + (k - 1) * dilation + 1 -
 * padding + outputPadding, or outputSizes (within [computed, computed + stride)). */
NNX_API nnx_operand *nnx_builder_conv_transpose2d(nnx_builder *b, nnx_operand *input, nnx_operand *filter,
                                                  const nnx_conv_transpose2d_options *o);

typedef enum nnx_interpolation_mode {
    NNX_INTERPOLATION_DEFAULT = 0, /* nearest-neighbor */
    NNX_INTERPOLATION_NEAREST_NEIGHBOR = 1,
    NNX_INTERPOLATION_LINEAR = 2
} nnx_interpolation_mode;
typedef struct nnx_resample2d_options {
    const char *label;
    nnx_interpolation_mode mode;
    const float *scales; /* 2 items > 0; absent: [1, 1]; ignored when sizes is given */
    uint32_t scales_count;
    const uint32_t *sizes; /* 2 output extents >= 1; absent: floor(extent * scale) */
    uint32_t sizes_count;
    const uint32_t *axes; /* 2 distinct axes; absent: [2, 3] */
    uint32_t axes_count;
} nnx_resample2d_options;
/* Resamples a rank-4 float32/float16/int8/uint8 (and the other float types) tensor along two
 * axes with WebNN's half-pixel mapping (scale = output extent / input extent). */
NNX_API nnx_operand *nnx_builder_resample2d(nnx_builder *b, nnx_operand *x, const nnx_resample2d_options *o);

typedef struct nnx_arg_min_max_options {
    const char *label;
    bool keep_dimensions;
    nnx_dtype output_data_type; /* NNX_INT32 or NNX_INT64; 0 (undefined) means int32 */
} nnx_arg_min_max_options;
/* The index of the first minimum / maximum along axis (NaN counts as both). Any input type. */
NNX_API nnx_operand *nnx_builder_arg_min(nnx_builder *b, nnx_operand *x, uint32_t axis,
                                         const nnx_arg_min_max_options *o);
NNX_API nnx_operand *nnx_builder_arg_max(nnx_builder *b, nnx_operand *x, uint32_t axis,
                                         const nnx_arg_min_max_options *o);

NNX_API nnx_operand *nnx_builder_softmax(nnx_builder *b, nnx_operand *x, uint32_t axis, const nnx_operator_options *o);

/* Same elements, new shape (rank 0 = scalar); element counts must match. */
NNX_API nnx_operand *nnx_builder_reshape(nnx_builder *b, nnx_operand *x, const uint32_t *new_shape, uint32_t rank,
                                         const nnx_operator_options *o);

typedef struct nnx_transpose_options {
    const char *label;
    const uint32_t *permutation; /* absent: reversed axes */
    uint32_t permutation_count;
} nnx_transpose_options;
NNX_API nnx_operand *nnx_builder_transpose(nnx_builder *b, nnx_operand *x, const nnx_transpose_options *o);

/* Joins 1..8192 operands along axis. */
NNX_API nnx_operand *nnx_builder_concat(nnx_builder *b, nnx_operand *const *inputs, uint32_t count, uint32_t axis,
                                        const nnx_operator_options *o);

typedef struct nnx_slice_options {
    const char *label;
    const uint32_t *strides; /* absent: ones */
    uint32_t strides_count;
} nnx_slice_options;
NNX_API nnx_operand *nnx_builder_slice(nnx_builder *b, nnx_operand *x, const uint32_t *starts, uint32_t starts_count,
                                       const uint32_t *sizes, uint32_t sizes_count, const nnx_slice_options *o);

typedef struct nnx_split_options {
    const char *label;
    uint32_t axis;
} nnx_split_options;
/* Splits x along axis into `count` equal parts; writes count operands to outputs (which
 * must have room for them) and returns count. On error every slot gets a poisoned operand. */
NNX_API uint32_t nnx_builder_split(nnx_builder *b, nnx_operand *x, uint32_t count, const nnx_split_options *o,
                                   nnx_operand **outputs);
/* Splits x along axis into parts of the given sizes (count parts, summing to the axis). */
NNX_API uint32_t nnx_builder_split_sizes(nnx_builder *b, nnx_operand *x, const uint32_t *sizes, uint32_t count,
                                         const nnx_split_options *o, nnx_operand **outputs);

/* How pad fills the new border (WebNN MLPaddingMode). */
typedef enum nnx_padding_mode {
    NNX_PADDING_CONSTANT = 0,  /* the value option (default 0), cast to x's type */
    NNX_PADDING_EDGE = 1,      /* repeats the edge element */
    NNX_PADDING_REFLECTION = 2 /* mirrors about the edge without repeating it: each amount < the extent */
} nnx_padding_mode;
typedef struct nnx_pad_options {
    const char *label;
    nnx_padding_mode mode;
    nnx_number value; /* constant mode's fill; absent: 0 */
} nnx_pad_options;
/* x grown by beginning_padding[d] elements before and ending_padding[d] after it on each axis
 * d (both lists have rank entries; each output extent at most 2^31-1). Any type. */
NNX_API nnx_operand *nnx_builder_pad(nnx_builder *b, nnx_operand *x, const uint32_t *beginning_padding,
                                     uint32_t beginning_count, const uint32_t *ending_padding, uint32_t ending_count,
                                     const nnx_pad_options *o);
/* x repeated repetitions[d] times along each axis d (rank entries, none 0; each output
 * extent at most 2^31-1). Any type. */
NNX_API nnx_operand *nnx_builder_tile(nnx_builder *b, nnx_operand *x, const uint32_t *repetitions, uint32_t count,
                                      const nnx_operator_options *o);

typedef struct nnx_reduce_options {
    const char *label;
    const uint32_t *axes; /* absent: all axes; given and empty: no axis is reduced */
    uint32_t axes_count;
    bool keep_dimensions;
} nnx_reduce_options;
NNX_API nnx_operand *nnx_builder_reduce_sum(nnx_builder *b, nnx_operand *x, const nnx_reduce_options *o);
NNX_API nnx_operand *nnx_builder_reduce_mean(nnx_builder *b, nnx_operand *x, const nnx_reduce_options *o);
NNX_API nnx_operand *nnx_builder_reduce_max(nnx_builder *b, nnx_operand *x, const nnx_reduce_options *o);
NNX_API nnx_operand *nnx_builder_reduce_min(nnx_builder *b, nnx_operand *x, const nnx_reduce_options *o);
/* Reductions: l1 = sum |x|, l2 = sqrt(sum x^2), log_sum = ln(sum x), log_sum_exp =
 * ln(sum exp(x)), product, sum_square = sum x^2. l1, product and sum_square also take
 * integer types (exact modulo 2^64, wrapped to the type); the others float types. */
NNX_API nnx_operand *nnx_builder_reduce_l1(nnx_builder *b, nnx_operand *x, const nnx_reduce_options *o);
NNX_API nnx_operand *nnx_builder_reduce_l2(nnx_builder *b, nnx_operand *x, const nnx_reduce_options *o);
NNX_API nnx_operand *nnx_builder_reduce_log_sum(nnx_builder *b, nnx_operand *x, const nnx_reduce_options *o);
NNX_API nnx_operand *nnx_builder_reduce_log_sum_exp(nnx_builder *b, nnx_operand *x, const nnx_reduce_options *o);
NNX_API nnx_operand *nnx_builder_reduce_product(nnx_builder *b, nnx_operand *x, const nnx_reduce_options *o);
NNX_API nnx_operand *nnx_builder_reduce_sum_square(nnx_builder *b, nnx_operand *x, const nnx_reduce_options *o);

/* ---- expand, reverse, triangular, cumulativeSum, gather/scatter, normalizations (WebNN) ---- */

/* x broadcast unidirectionally to new_shape (rank entries, rank <= NNX_MAX_RANK): each
 * dimension of x, aligned from the right, is 1 or equal to the new one. Any type. */
NNX_API nnx_operand *nnx_builder_expand(nnx_builder *b, nnx_operand *x, const uint32_t *new_shape, uint32_t rank,
                                        const nnx_operator_options *o);

typedef struct nnx_reverse_options {
    const char *label;
    const uint32_t *axes; /* absent: every axis; given and empty: none (a copy) */
    uint32_t axes_count;
} nnx_reverse_options;
/* x with the order of the elements along each of axes reversed. Any type. */
NNX_API nnx_operand *nnx_builder_reverse(nnx_builder *b, nnx_operand *x, const nnx_reverse_options *o);

typedef struct nnx_triangular_options {
    const char *label;
    bool lower;       /* false (the default): keep the upper triangle (WebNN upper = true) */
    int32_t diagonal; /* 0: the main diagonal; > 0 above it, < 0 below it */
} nnx_triangular_options;
/* The last two axes as matrices: element (i, j) is kept when j - i >= diagonal (upper) or
 * j - i <= diagonal (lower), the others are 0. Rank >= 2, any type. */
NNX_API nnx_operand *nnx_builder_triangular(nnx_builder *b, nnx_operand *x, const nnx_triangular_options *o);

typedef struct nnx_cumulative_sum_options {
    const char *label;
    bool exclusive; /* leave each element out of its own sum ([1,2,3] -> [0,1,3]) */
    bool reversed;  /* sum from the end of the axis ([1,2,3] -> [6,5,3]) */
} nnx_cumulative_sum_options;
/* Running sum along axis; float or 16..64-bit integer types (integers wrap). */
NNX_API nnx_operand *nnx_builder_cumulative_sum(nnx_builder *b, nnx_operand *x, uint32_t axis,
                                                const nnx_cumulative_sum_options *o);

/* Indexed reads and writes. indices are int32, uint32 or int64 and are read when the graph
 * runs: an index outside [-N, N) (N = the extent it indexes) is clamped into that range, and
 * a negative index counts from the end (-1 = N - 1), so no index ever reaches outside the
 * tensor. Scatter writes the updates in row-major order: of two updates to one element the
 * later wins. (The gathers and scatters of an ONNX model do not clamp: there an index out of
 * range fails the dispatch with NNX_ERROR_INVALID_ARGUMENT naming the node and the index, as
 * ONNX Runtime fails.) */
typedef struct nnx_gather_options {
    const char *label;
    uint32_t axis; /* default 0 */
} nnx_gather_options;
/* x[:axis] ++ indices.shape ++ x[axis+1:]: the slices of x along axis that indices select. */
NNX_API nnx_operand *nnx_builder_gather(nnx_builder *b, nnx_operand *x, nnx_operand *indices,
                                        const nnx_gather_options *o);
/* indices of x's rank and shape except along axis; out[i] = x[i with i[axis] = indices[i]],
 * shaped like indices. */
NNX_API nnx_operand *nnx_builder_gather_elements(nnx_builder *b, nnx_operand *x, nnx_operand *indices,
                                                 const nnx_gather_options *o);
/* indices [..., k] (k <= rank of x) hold coordinates into x's first k axes; the result is
 * indices.shape[:-1] ++ x.shape[k:]. */
NNX_API nnx_operand *nnx_builder_gather_nd(nnx_builder *b, nnx_operand *x, nnx_operand *indices,
                                           const nnx_operator_options *o);

typedef struct nnx_scatter_options {
    const char *label;
    uint32_t axis; /* default 0 */
} nnx_scatter_options;
/* A copy of x with out[i with i[axis] = indices[i]] = updates[i]; indices as for
 * gather_elements, updates of indices' shape and x's type. */
NNX_API nnx_operand *nnx_builder_scatter_elements(nnx_builder *b, nnx_operand *x, nnx_operand *indices,
                                                  nnx_operand *updates, const nnx_scatter_options *o);
/* A copy of x with the slices addressed as in gather_nd replaced: updates of shape
 * indices.shape[:-1] ++ x.shape[k:] and x's type. */
NNX_API nnx_operand *nnx_builder_scatter_nd(nnx_builder *b, nnx_operand *x, nnx_operand *indices, nnx_operand *updates,
                                            const nnx_operator_options *o);

/* Normalizations, float types: scale * (x - mean) / sqrt(variance + epsilon) + bias, with
 * scale absent = 1 and bias absent = 0; epsilon (absent: 1e-5) is cast to x's type. */
typedef struct nnx_batch_normalization_options {
    const char *label;
    nnx_operand *scale; /* NULL: none; else [x.shape[axis]] */
    nnx_operand *bias;  /* NULL: none; else [x.shape[axis]] */
    nnx_number axis;    /* absent: 1; else an integer in [0, rank) */
    nnx_number epsilon; /* absent: 1e-5 */
} nnx_batch_normalization_options;
/* mean and variance [x.shape[axis]] are given (inference-time batch normalization). */
NNX_API nnx_operand *nnx_builder_batch_normalization(nnx_builder *b, nnx_operand *x, nnx_operand *mean,
                                                     nnx_operand *variance, const nnx_batch_normalization_options *o);

typedef struct nnx_instance_normalization_options {
    const char *label;
    nnx_operand *scale;      /* NULL: none; else [channels] */
    nnx_operand *bias;       /* NULL: none; else [channels] */
    nnx_number epsilon;      /* absent: 1e-5 */
    nnx_input_layout layout; /* DEFAULT: nchw */
} nnx_instance_normalization_options;
/* x 4-D; mean and population variance over the spatial axes of each (batch, channel). */
NNX_API nnx_operand *nnx_builder_instance_normalization(nnx_builder *b, nnx_operand *x,
                                                        const nnx_instance_normalization_options *o);

typedef struct nnx_layer_normalization_options {
    const char *label;
    nnx_operand *scale;   /* NULL: none; else dimension i = x.shape[axes[i]] */
    nnx_operand *bias;    /* NULL: none; else dimension i = x.shape[axes[i]] */
    const uint32_t *axes; /* absent: 1 .. rank-1 (none for rank <= 1); given and empty: none */
    uint32_t axes_count;
    nnx_number epsilon; /* absent: 1e-5 */
} nnx_layer_normalization_options;
/* Mean and population variance over axes (distinct, < rank) for each index of the others. */
NNX_API nnx_operand *nnx_builder_layer_normalization(nnx_builder *b, nnx_operand *x,
                                                     const nnx_layer_normalization_options *o);

/* ---- comparisons, logical operations, where, isNaN/isInfinite, activations (WebNN) ---- */

/* Comparisons: a and c of one type (any), shapes broadcast; the result is uint8 0 or 1.
 * NaN compares false, except in not_equal. */
NNX_API nnx_operand *nnx_builder_equal(nnx_builder *b, nnx_operand *a, nnx_operand *c, const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_not_equal(nnx_builder *b, nnx_operand *a, nnx_operand *c,
                                           const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_greater(nnx_builder *b, nnx_operand *a, nnx_operand *c, const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_greater_or_equal(nnx_builder *b, nnx_operand *a, nnx_operand *c,
                                                  const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_lesser(nnx_builder *b, nnx_operand *a, nnx_operand *c, const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_lesser_or_equal(nnx_builder *b, nnx_operand *a, nnx_operand *c,
                                                 const nnx_operator_options *o);
/* Logical operations on uint8 (or bool) operands of one type: non-zero is true; the result
 * has the operands' type and holds 0 or 1; binary ones broadcast. */
NNX_API nnx_operand *nnx_builder_logical_not(nnx_builder *b, nnx_operand *a, const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_logical_and(nnx_builder *b, nnx_operand *a, nnx_operand *c,
                                             const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_logical_or(nnx_builder *b, nnx_operand *a, nnx_operand *c,
                                            const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_logical_xor(nnx_builder *b, nnx_operand *a, nnx_operand *c,
                                             const nnx_operator_options *o);
/* true_value where condition is non-zero, else false_value. condition is uint8 (or bool);
 * the two values share any one type, which the result has; the result's shape is the
 * broadcast of all three shapes. */
NNX_API nnx_operand *nnx_builder_where(nnx_builder *b, nnx_operand *condition, nnx_operand *true_value,
                                       nnx_operand *false_value, const nnx_operator_options *o);
/* Float input, uint8 result 0 or 1; is_infinite is true for +-infinity. */
NNX_API nnx_operand *nnx_builder_is_nan(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_is_infinite(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o);

/* Activations on float types. Numbers are cast to the input's type; absent = the default. */
typedef struct nnx_elu_options {
    const char *label;
    nnx_number alpha; /* absent: 1 */
} nnx_elu_options;
/* max(0, x) + alpha * (exp(min(0, x)) - 1) */
NNX_API nnx_operand *nnx_builder_elu(nnx_builder *b, nnx_operand *x, const nnx_elu_options *o);
/* 0.5 * x * (1 + erf(x / sqrt(2))) */
NNX_API nnx_operand *nnx_builder_gelu(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o);
typedef struct nnx_hard_sigmoid_options {
    const char *label;
    nnx_number alpha; /* absent: 0.2 */
    nnx_number beta;  /* absent: 0.5 */
} nnx_hard_sigmoid_options;
/* max(0, min(1, alpha * x + beta)) */
NNX_API nnx_operand *nnx_builder_hard_sigmoid(nnx_builder *b, nnx_operand *x, const nnx_hard_sigmoid_options *o);
/* x * max(0, min(6, x + 3)) / 6 */
NNX_API nnx_operand *nnx_builder_hard_swish(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o);
typedef struct nnx_leaky_relu_options {
    const char *label;
    nnx_number alpha; /* absent: 0.01 */
} nnx_leaky_relu_options;
/* max(0, x) + alpha * min(0, x) */
NNX_API nnx_operand *nnx_builder_leaky_relu(nnx_builder *b, nnx_operand *x, const nnx_leaky_relu_options *o);
typedef struct nnx_linear_options {
    const char *label;
    nnx_number alpha; /* absent: 1 */
    nnx_number beta;  /* absent: 0 */
} nnx_linear_options;
/* alpha * x + beta */
NNX_API nnx_operand *nnx_builder_linear(nnx_builder *b, nnx_operand *x, const nnx_linear_options *o);
/* max(0, x) + slope * min(0, x); x and slope of one float or signed integer type, shapes
 * broadcast bidirectionally. */
NNX_API nnx_operand *nnx_builder_prelu(nnx_builder *b, nnx_operand *x, nnx_operand *slope,
                                       const nnx_operator_options *o);
/* ln(1 + exp(x)) and x / (1 + |x|) */
NNX_API nnx_operand *nnx_builder_softplus(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_softsign(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o);

/* ---- quantizeLinear, dequantizeLinear (WebNN) ----
 * scale and zero_point have x's rank and one shape that divides x's shape dimension by
 * dimension (blockwise: element i uses scale[i / (x.shape / scale.shape)]), so per-tensor,
 * per-axis and block quantization are all one call. quantize: x float, scale of x's type,
 * zero_point int4/int8/uint8/int32/uint32 -> sat(roundEven(x / scale) + zero_point) in the
 * zero point's type (half to even, saturating, NaN -> 0). dequantize: x int4/int8/uint8/
 * int32/uint32, zero_point of x's type, scale float -> (x - zero_point) * scale in the scale's
 * type, rounded once. */
NNX_API nnx_operand *nnx_builder_quantize_linear(nnx_builder *b, nnx_operand *x, nnx_operand *scale,
                                                 nnx_operand *zero_point, const nnx_operator_options *o);
NNX_API nnx_operand *nnx_builder_dequantize_linear(nnx_builder *b, nnx_operand *x, nnx_operand *scale,
                                                   nnx_operand *zero_point, const nnx_operator_options *o);

/* ---- opSupportLimits (WebNN MLContext.opSupportLimits(), MLOpSupportLimits) ----
 * What this build of nnx really accepts, from the same data-type sets the builder checks.
 * A data-type mask has bit (1u << dtype) set for each supported nnx_dtype; rank ranges are
 * inclusive. Ranks: the builder accepts ranks up to NNX_MAX_RANK everywhere. */
typedef struct nnx_tensor_limits {
    uint32_t dtypes;             /* WebNN dataTypes, as a mask */
    uint32_t rank_min, rank_max; /* WebNN rankRange */
} nnx_tensor_limits;

typedef struct nnx_op_support_limits {
    nnx_input_layout preferred_input_layout;   /* NNX_LAYOUT_NCHW */
    uint64_t max_tensor_byte_length;           /* bytes of the largest tensor of the widest type */
    uint64_t max_tensor_elements;              /* extension: the element-count limit every type obeys */
    nnx_tensor_limits input, constant, output; /* graph inputs, constants, outputs */
} nnx_op_support_limits;

/* One operand (or output) of one operation: operation is the WebNN method name
 * ("conv2d", "quantizeLinear"), operand the WebNN limits member ("input", "filter", "a",
 * "output", ...). Strings and rows are static: they live forever. */
typedef struct nnx_operand_limits {
    const char *operation;
    const char *operand;
    nnx_tensor_limits limits;
} nnx_operand_limits;

/* The context-wide limits. NNX_ERROR_INVALID_ARGUMENT for a NULL out; INVALID_STATE for a
 * destroyed context. */
NNX_API nnx_status nnx_context_op_support_limits(const nnx_context *context, nnx_op_support_limits *out);
/* Every per-operation row, grouped by operation; *count gets the number of rows (NULL and
 * 0 for a NULL or destroyed context). */
NNX_API const nnx_operand_limits *nnx_context_operand_limits_table(const nnx_context *context, size_t *count);
/* The limits of one operand of one operation; NNX_ERROR_NOT_SUPPORTED if nnx has no such
 * operation or operand (out is zeroed). */
NNX_API nnx_status nnx_context_operand_limits(const nnx_context *context, const char *operation, const char *operand,
                                              nnx_tensor_limits *out);

/* Recurrent networks (WebNN gru, gruCell, lstm, lstmCell), built from core operations
 * (gemm, split, slice, add, mul, sigmoid, tanh, relu, ...). Float types only; every operand
 * has the input's type. An activations list item NNX_RECURRENT_DEFAULT stands for the
 * spec's default at that position (gru: sigmoid, tanh; lstm: sigmoid, tanh, tanh). */
typedef enum nnx_recurrent_activation {
    NNX_RECURRENT_DEFAULT = 0,
    NNX_RECURRENT_RELU = 1,
    NNX_RECURRENT_SIGMOID = 2,
    NNX_RECURRENT_TANH = 3
} nnx_recurrent_activation;
typedef enum nnx_recurrent_direction {
    NNX_DIRECTION_DEFAULT = 0, /* forward */
    NNX_DIRECTION_FORWARD = 1,
    NNX_DIRECTION_BACKWARD = 2,
    NNX_DIRECTION_BOTH = 3 /* numDirections = 2: forward, then backward */
} nnx_recurrent_direction;
typedef enum nnx_gru_layout {
    NNX_GRU_LAYOUT_DEFAULT = 0, /* zrn */
    NNX_GRU_LAYOUT_ZRN = 1,     /* update, reset, new */
    NNX_GRU_LAYOUT_RZN = 2      /* reset, update, new */
} nnx_gru_layout;
typedef enum nnx_lstm_layout {
    NNX_LSTM_LAYOUT_DEFAULT = 0, /* iofg */
    NNX_LSTM_LAYOUT_IOFG = 1,    /* input, output, forget, cell */
    NNX_LSTM_LAYOUT_IFGO = 2     /* input, forget, cell, output */
} nnx_lstm_layout;

typedef struct nnx_gru_cell_options {
    const char *label;
    nnx_operand *bias;           /* NULL: none; else [3 * hiddenSize] */
    nnx_operand *recurrent_bias; /* NULL: none; else [3 * hiddenSize] */
    bool reset_before;           /* false (default): WebNN resetAfter = true */
    nnx_gru_layout layout;
    const nnx_recurrent_activation *activations; /* absent: sigmoid, tanh; else 2 items */
    uint32_t activations_count;
} nnx_gru_cell_options;
/* input [batch, in], weight [3h, in], recurrent_weight [3h, h], hidden_state [batch, h]
 * -> the new hidden state [batch, h]. */
NNX_API nnx_operand *nnx_builder_gru_cell(nnx_builder *b, nnx_operand *input, nnx_operand *weight,
                                          nnx_operand *recurrent_weight, nnx_operand *hidden_state,
                                          uint32_t hidden_size, const nnx_gru_cell_options *o);

typedef struct nnx_gru_options {
    const char *label;
    nnx_operand *bias;                 /* NULL: none; else [numDirections, 3h] */
    nnx_operand *recurrent_bias;       /* NULL: none; else [numDirections, 3h] */
    nnx_operand *initial_hidden_state; /* NULL: zeros; else [numDirections, batch, h] */
    bool reset_before;                 /* false (default): WebNN resetAfter = true */
    bool return_sequence;
    nnx_recurrent_direction direction;
    nnx_gru_layout layout;
    const nnx_recurrent_activation *activations; /* absent: sigmoid, tanh; else 2 items */
    uint32_t activations_count;
} nnx_gru_options;
/* input [steps, batch, in], weight [numDirections, 3h, in], recurrent_weight
 * [numDirections, 3h, h]. Writes to outputs (room for 2) the last hidden state
 * [numDirections, batch, h] and, with return_sequence, every step's hidden state
 * [steps, numDirections, batch, h] (in time order for both directions); returns how many
 * (1 or 2). On error every slot of that count gets a poisoned operand. */
NNX_API uint32_t nnx_builder_gru(nnx_builder *b, nnx_operand *input, nnx_operand *weight, nnx_operand *recurrent_weight,
                                 uint32_t steps, uint32_t hidden_size, const nnx_gru_options *o, nnx_operand **outputs);

typedef struct nnx_lstm_cell_options {
    const char *label;
    nnx_operand *bias;            /* NULL: none; else [4h] */
    nnx_operand *recurrent_bias;  /* NULL: none; else [4h] */
    nnx_operand *peephole_weight; /* NULL: none; else [3h], ordered input, output, forget */
    nnx_lstm_layout layout;
    const nnx_recurrent_activation *activations; /* absent: sigmoid, tanh, tanh; else 3 items */
    uint32_t activations_count;
} nnx_lstm_cell_options;
/* input [batch, in], weight [4h, in], recurrent_weight [4h, h], hidden_state and cell_state
 * [batch, h]. Writes the new hidden state and the new cell state (each [batch, h]) to
 * outputs (room for 2) and returns 2; on error both get a poisoned operand. */
NNX_API uint32_t nnx_builder_lstm_cell(nnx_builder *b, nnx_operand *input, nnx_operand *weight,
                                       nnx_operand *recurrent_weight, nnx_operand *hidden_state,
                                       nnx_operand *cell_state, uint32_t hidden_size, const nnx_lstm_cell_options *o,
                                       nnx_operand **outputs);

typedef struct nnx_lstm_options {
    const char *label;
    nnx_operand *bias;                 /* NULL: none; else [numDirections, 4h] */
    nnx_operand *recurrent_bias;       /* NULL: none; else [numDirections, 4h] */
    nnx_operand *peephole_weight;      /* NULL: none; else [numDirections, 3h] (i, o, f) */
    nnx_operand *initial_hidden_state; /* NULL: zeros; else [numDirections, batch, h] */
    nnx_operand *initial_cell_state;   /* NULL: zeros; else [numDirections, batch, h] */
    bool return_sequence;
    nnx_recurrent_direction direction;
    nnx_lstm_layout layout;
    const nnx_recurrent_activation *activations; /* absent: sigmoid, tanh, tanh; else 3 items */
    uint32_t activations_count;
} nnx_lstm_options;
/* input [steps, batch, in], weight [numDirections, 4h, in], recurrent_weight
 * [numDirections, 4h, h]. Writes to outputs (room for 3) the last hidden state and the last
 * cell state (each [numDirections, batch, h]) and, with return_sequence, every step's hidden
 * state [steps, numDirections, batch, h]; returns how many (2 or 3). On error every slot
 * of that count gets a poisoned operand. */
NNX_API uint32_t nnx_builder_lstm(nnx_builder *b, nnx_operand *input, nnx_operand *weight,
                                  nnx_operand *recurrent_weight, uint32_t steps, uint32_t hidden_size,
                                  const nnx_lstm_options *o, nnx_operand **outputs);

/* ---------------------------------------------------------------- graph */

typedef struct nnx_named_operand {
    const char *name;
    nnx_operand *operand;
} nnx_named_operand;

/* Compiles the operands reachable from outputs into a graph. Names must be non-empty and
 * unique; an output may not be a graph input or a constant. The builder can build once:
 * later calls return NNX_ERROR_INVALID_STATE. On failure *out is NULL and
 * nnx_builder_error tells why. */
NNX_API nnx_status nnx_builder_build(nnx_builder *b, const nnx_named_operand *outputs, size_t count, nnx_graph **out);

/* Inputs are the graph inputs reachable from the outputs, in the order they were declared;
 * outputs are in the order given to build. Index out of range: NULL / zeroed desc. */
NNX_API size_t nnx_graph_input_count(const nnx_graph *graph);
NNX_API const char *nnx_graph_input_name(const nnx_graph *graph, size_t index);
NNX_API void nnx_graph_input_desc(const nnx_graph *graph, size_t index, nnx_operand_desc *out);
NNX_API size_t nnx_graph_output_count(const nnx_graph *graph);
NNX_API const char *nnx_graph_output_name(const nnx_graph *graph, size_t index);
NNX_API void nnx_graph_output_desc(const nnx_graph *graph, size_t index, nnx_operand_desc *out);
/* The index of the input (output) called name, exact first; for a graph built from a model
 * (nnx_model_build), a name from before a conversion is found as nnx_model_find_input finds
 * it (the model format's sanitiser; ambiguous candidates are NNX_ERROR_INVALID_ARGUMENT
 * listing them). Other graphs match exactly. Messages through nnx_context_error. */
NNX_API nnx_status nnx_graph_find_input(nnx_graph *graph, const char *name, size_t *index);
NNX_API nnx_status nnx_graph_find_output(nnx_graph *graph, const char *name, size_t *index);
/* Symbolic dimensions. A graph built from a model whose inputs keep symbolic or unknown
 * dimensions (an ONNX dim_param, or no extent, with no shape given at load) is unbound: such
 * a dimension reads as 0 in nnx_graph_input_desc and has a name, the symbol ("batch"; "?"
 * for an unknown one without a name); a fixed dimension has none (NULL). Output descriptors
 * and dimension names are the model's (nnx_model_output_dim_name): in the input dimensions
 * where the model's probes found an expression ("2*seq"), else "?" or as declared. Dispatch
 * binds the shapes from the input tensors: dtype, rank and fixed extents must agree, and
 * every input dimension with the same name must have the same extent (errors name the input,
 * the dimension and both values). Each input shape set gets its own compiled graph, exactly
 * what loading the model with those shapes would build; it is compiled at the first dispatch
 * (or nnx_graph_bind_shapes) with that set and cached, at most NNX_SHAPE_CACHE_DEFAULT sets
 * (nnx_graph_set_shape_cache_limit), least recently used first out. Each cached set holds
 * its own compiled graph, weights included. The graph reads the model file again for each
 * new set: the file must stay in place while the graph is used. Dimension names of
 * fixed-shape graphs are all NULL; index or axis out of range: NULL. */
#define NNX_SHAPE_CACHE_DEFAULT 4
NNX_API const char *nnx_graph_input_dim_name(const nnx_graph *graph, size_t index, uint32_t axis);
NNX_API const char *nnx_graph_output_dim_name(const nnx_graph *graph, size_t index, uint32_t axis);
/* Binds shapes without running: input_descs has one descriptor per graph input, in input
 * order; writes the output descriptors those inputs give (compiling and caching that shape
 * set if needed), so that output tensors can be made before dispatch. On a fixed-shape graph
 * the inputs must equal its own. */
NNX_API nnx_status nnx_graph_bind_shapes(nnx_graph *graph, const nnx_operand_desc *input_descs, size_t input_count,
                                         nnx_operand_desc *output_descs, size_t output_count);
/* The largest extent an input dimension named `name` may take at dispatch (WebNN's proposed
 * MLDynamicDimension maxSize, webnn issue #883); 0 removes the bound. A larger one is refused
 * naming the input, the dimension and both values. INVALID_ARGUMENT when no input dimension
 * has that name (every dimension of a fixed-shape graph is fixed). */
NNX_API nnx_status nnx_graph_set_dim_max(nnx_graph *graph, const char *name, uint32_t max);
/* How many input shape sets an unbound graph keeps compiled (at least 1; a no-op on a
 * fixed-shape graph). Lowering it evicts at once; a graph in use is freed after its dispatch. */
NNX_API nnx_status nnx_graph_set_shape_cache_limit(nnx_graph *graph, uint32_t limit);

/* The memory one dispatch of graph works in, planned when it was built: its intermediate
 * values (those whose lifetimes do not overlap share bytes) and the fast kernels' scratch.
 * Each concurrent dispatch has its own. 0 for NULL or a destroyed graph. */
NNX_API uint64_t nnx_graph_planned_bytes(const nnx_graph *graph);

/* Per-step timing. While profiling is on, every dispatch of graph adds each step's wall
 * time to that step's total (a step is one node, with the nodes fused into it; steps
 * computed when the graph was built, and reshapes, slices and transposes that only view
 * their input's bytes, do not run and are not listed). Turning it on when it is off resets
 * the totals; reading them never does. Off by default; costs two clock reads per step. */
typedef struct nnx_profile_step {
    const char *op;       /* the operation's name, e.g. "conv" */
    const char *label;    /* the node's label (from the model, or generated) */
    const char *kernel;   /* "fast" (a CPU kernel of src/cpu) or "reference" */
    const char *fused;    /* what the step also computes of the nodes after it: "" (nothing),
                              "add" (a residual add), "clamp" (relu, clamp, max/min) or
                              "add+clamp" */
    uint64_t runs;        /* dispatches started since profiling was turned on (failed ones too) */
    uint64_t nanoseconds; /* their total wall time in this step */
    const char *output;   /* the name of the tensor the step's node produces (its first output),
                              as the model names it (an ONNX node output, an NNEF identifier, an
                              NNVM node or TOSA tensor name); "" when the model gives it none (an
                              extra node of an operation lowered into several). Appended after
                              nanoseconds: the struct only grows */
} nnx_profile_step;

NNX_API nnx_status nnx_graph_set_profiling(nnx_graph *graph, bool on);
/* The number of steps one dispatch runs (0 for NULL or a destroyed graph). */
NNX_API size_t nnx_graph_profile_count(const nnx_graph *graph);
/* Step index in execution order; false (and *out zeroed) when index is out of range. */
NNX_API bool nnx_graph_profile_step(const nnx_graph *graph, size_t index, nnx_profile_step *out);
NNX_API void nnx_graph_destroy(nnx_graph *graph);

/* ---------------------------------------------------------------- saving
 * nnx_graph_save and nnx_model_save write to path in the format its ending names (compared
 * ignoring case):
 *   .tgz, .tar.gz  NNEF in a gzip-compressed tar archive;  .tar  NNEF in a tar archive;
 *   .tosa          a TOSA 1.0 flatbuffer (docs/TOSA-FILES.md);
 *   .json          NNVM graph JSON, its weights in STEM.params beside it (path without .json);
 *   .onnx          an ONNX model at opset 17 (docs/decisions/onnx.md, "Writing ONNX");
 *   a folder       NNEF as a folder: path ends in '/', or is an existing folder (or a link to
 *                  one: written where it leads), or its last component has no extension (no
 *                  '.' after its first character) or ends in .nnef (as NNEF model folders are
 *                  usually named). Missing parent folders are made.
 * Any other path is refused with NNX_ERROR_NOT_SUPPORTED naming its ending and listing these,
 * and a folder at a path whose ending names a
 * file with NNX_ERROR_INVALID_ARGUMENT. An existing folder that holds entries is refused
 * with NNX_ERROR_INVALID_ARGUMENT naming it, unless NNX_SAVE_REPLACE is given: its content is
 * then replaced whole (nothing of the old content stays beside the new). Every output is
 * written under a temporary name in the same folder ("PATH.<pid>.<n>.tmp") and renamed into
 * place once complete, so a save that fails (an operation the format cannot express, a full
 * disk) leaves the previous output as it was and nothing of its own, not even the parents it
 * made. Errors are reported through nnx_context_error as "PATH: error: MESSAGE", PATH as
 * given. */
typedef enum nnx_save_flags {
    NNX_SAVE_REPLACE = 1u << 0 /* replace the content of an existing folder (nnx convert --force) */
} nnx_save_flags;

/* Names across a save. Every writer keeps the names the model's front end recorded
 * (graph inputs and outputs, weights, intermediate tensors) where the target format allows
 * them, changes them where it does not with that format's one sanitiser, makes duplicates
 * unique with the first free "_1", "_2", ... suffix, and generates names only for values
 * that have none (NNEF 1.0.2 §3.1 identifiers and §4.1.2 variable labels; NNVM graph JSON
 * node names; ONNX IR spec, "Names Within a Graph"; TOSA 1.0 tensor names):
 *   NNEF  identifiers [A-Za-z_][A-Za-z0-9_]* (§3.1): every other byte -> '_', a leading
 *         digit gets a '_' prefix, a keyword or true/false a '_' suffix; variable labels
 *         keep [A-Za-z0-9_.-] and '/' between non-empty parts, other bytes -> '_';
 *   NNVM  node names and .params keys: any text but empty;
 *   ONNX  any text but empty (ONNX IR spec, "Names Within a Graph");
 *   TOSA  tensor names: any text but empty.
 * A save reports every name it changed, once, through nnx_save_options.on_rename. */
typedef enum nnx_name_kind {
    NNX_NAME_INPUT = 1,  /* a graph input */
    NNX_NAME_OUTPUT = 2, /* a graph output */
    NNX_NAME_WEIGHT = 3, /* a constant (an NNEF variable, an ONNX initializer, ...) */
    NNX_NAME_TENSOR = 4  /* an intermediate tensor */
} nnx_name_kind;

/* Called once per changed name after a save succeeded (never after a failed one), in the
 * order the writer changed them (graph inputs and outputs first where the format renames
 * them); the strings live until the call returns. A weight is reported under the name the
 * target knows it by: NNEF's variable label (so "fc.weight", kept as the label, is no
 * rename even though its identifier is fc_weight), the other formats' tensor name. */
typedef void (*nnx_rename_fn)(void *user, nnx_name_kind kind, const char *old_name, const char *new_name);

/* Zero-initialised options are the defaults (nothing replaced, renames not reported). The
 * fields after flags were appended later (the ABI only grows): a caller that sets them must
 * be compiled against this header and pass the whole struct. */
typedef struct nnx_save_options {
    uint32_t flags;          /* nnx_save_flags */
    nnx_rename_fn on_rename; /* NULL: renames are not reported */
    void *rename_user;       /* passed to on_rename */
} nnx_save_options;

/* Writes the graph (see "saving" above for the path) as a flat NNEF 1.0.2 document
 * (graph.nnef) with one .dat tensor file per constant. Inputs and outputs keep their names
 * where they are NNEF identifiers (others are renamed deterministically); constants are
 * written bit for bit. A graph NNEF cannot express (cast, strided slice, integer arithmetic,
 * bfloat16/fp8 constants, ...) gives NNX_ERROR_NOT_SUPPORTED naming the operation and the
 * reason; see the NNEF decisions, "Writing builder graphs as NNEF", for the mapping. A path
 * ending in .tosa is written as a TOSA 1.0 flatbuffer instead (docs/TOSA-FILES.md: a graph of
 * TOSA operators maps back to them, float32 operations of other front ends are legalized),
 * and one ending in .json as NNVM graph JSON with its .params. */
NNX_API nnx_status nnx_graph_save(nnx_graph *graph, const char *path);
/* nnx_graph_save with options; NULL options is nnx_graph_save. */
NNX_API nnx_status nnx_graph_save_with(nnx_graph *graph, const char *path, const nnx_save_options *options);

/* ---------------------------------------------------------------- dispatch */

typedef struct nnx_named_tensor {
    const char *name;
    nnx_tensor *tensor;
} nnx_named_tensor;

/* Runs graph synchronously: reads the input tensors, writes the output tensors. The named
 * sets must match the graph's inputs and outputs exactly, with equal descriptors (an unbound
 * graph: inputs that fit its declared types, outputs equal to what nnx_graph_bind_shapes
 * gives for them); no tensor may appear twice or be a constant tensor; everything must
 * belong to context. */
NNX_API nnx_status nnx_context_dispatch(nnx_context *context, nnx_graph *graph, const nnx_named_tensor *inputs,
                                        size_t input_count, const nnx_named_tensor *outputs, size_t output_count);
/* Runs graph like nnx_context_dispatch and makes its output tensors: give each output's name
 * in outputs[k].name; on success outputs[k].tensor is a new readable and writable tensor of
 * context holding it, of the shape this run gives (the caller destroys it); on failure every
 * outputs[k].tensor is NULL. This is the way to run a graph whose output shapes depend on
 * its input values (a model with NonZero, NonMaxSuppression, Unique, Compress, or a shape
 * computed from data; such a graph is "staged", see nnx_graph_staged_reason). */
NNX_API nnx_status nnx_context_run(nnx_context *context, nnx_graph *graph, const nnx_named_tensor *inputs,
                                   size_t input_count, nnx_named_tensor *outputs, size_t output_count);

#ifdef __cplusplus
}
#endif

/* Model files and tensor files (nnx_model_load, nnx_tensor_file_read) and the TOSA 1.0 front
 * end (nnx_tosa_begin, nnx_tosa_add): files of their own for their size, part of this
 * header. */
#include "nnx_model.h"
#include "nnx_tosa.h"

#endif /* NNX_H */
