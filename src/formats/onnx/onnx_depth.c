/* onnx_depth.c — how deeply a serialized ModelProto nests its messages, measured on the
 * protobuf wire format (protobuf encoding: tags, varints, length-delimited fields) before
 * protobuf-c unpacks it: protobuf-c recurses once per nested message with no limit, so a
 * few kilobytes of nested TypeProto or If sub-graphs would exhaust the stack. The walk uses
 * the generated descriptors to know which fields hold messages, and keeps its own stack of
 * open messages (at most the limit) instead of recursing. */
#include "formats/onnx/onnx_internal.h"

/* A varint at *p (before end): false when it is cut off or longer than 10 bytes. */
static bool varint(const uint8_t **p, const uint8_t *end, uint64_t *v)
{
    *v = 0;
    for (unsigned shift = 0; shift < 70 && *p < end; shift += 7) {
        uint8_t b = *(*p)++;
        *v |= (uint64_t)(b & 0x7f) << (shift < 64 ? shift : 63);
        if (!(b & 0x80))
            return true;
    }
    return false;
}

/* An open message on the walk: its descriptor and where its bytes end. */
typedef struct frame {
    const ProtobufCMessageDescriptor *d;
    const uint8_t *end;
} frame;

/* Whether the ModelProto in [p, end) nests its messages at most max deep (the ModelProto
 * itself counting 1). Iterative, with an explicit stack of at most max frames (from pa), so
 * the walk itself uses a fixed amount of the caller's stack whatever the limit. Malformed
 * bytes end the walk with OK: protobuf-c then reports them. */
static nnx_status walk(const uint8_t *p, const uint8_t *end, unsigned max, ProtobufCAllocator *pa, bool *deep)
{
    *deep = false;
    /* Each nested message takes at least two bytes (its key and length), so the bytes bound
     * the depth too: the stack never needs more frames than that. */
    size_t room = (size_t)(end - p) / 2 + 1;
    if (room > max)
        room = max;
    if (room > SIZE_MAX / sizeof(frame))
        return NNX_ERROR_OUT_OF_MEMORY;
    frame *stack = pa->alloc(pa->allocator_data, room * sizeof *stack);
    if (!stack)
        return NNX_ERROR_OUT_OF_MEMORY;
    unsigned depth = 1;
    stack[0] = (frame){&onnx__model_proto__descriptor, end};
    while (depth) {
        frame *top = &stack[depth - 1];
        if (p >= top->end) { /* the message is done; its parent goes on right after it */
            depth--;
            continue;
        }
        uint64_t key, len;
        if (!varint(&p, top->end, &key))
            break;
        uint32_t wire = (uint32_t)(key & 7);
        if (wire == 0) {
            if (!varint(&p, top->end, &len))
                break;
        } else if (wire == 1 || wire == 5) {
            size_t n = wire == 1 ? 8 : 4;
            if ((size_t)(top->end - p) < n)
                break;
            p += n;
        } else if (wire == 2) {
            if (!varint(&p, top->end, &len) || len > (uint64_t)(top->end - p))
                break;
            const ProtobufCFieldDescriptor *f = key >> 3 <= UINT32_MAX
                ? protobuf_c_message_descriptor_get_field(top->d, (unsigned)(key >> 3))
                : NULL;
            if (f && f->type == PROTOBUF_C_TYPE_MESSAGE) {
                if (depth == max) {
                    *deep = true;
                    break;
                }
                if (depth == room)
                    break; /* cannot happen (see room); malformed if it did */
                stack[depth++] = (frame){f->descriptor, p + len};
            } else {
                p += len;
            }
        } else {
            break; /* groups and invalid wire types: protobuf-c refuses them */
        }
    }
    pa->free(pa->allocator_data, stack);
    return NNX_OK;
}

nnx_status nnx_onnx_check_depth(const uint8_t *data, size_t size, const char *name, uint32_t max_depth,
                                ProtobufCAllocator *pa, nnx_error *err)
{
    unsigned max = max_depth ? max_depth : NNX_MAX_DEPTH_DEFAULT;
    bool deep;
    if (walk(data, data + size, max, pa, &deep) != NNX_OK)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", name);
    if (!deep)
        return NNX_OK;
    return nnx_limit_error(err, NNX_LIMIT_DEPTH, name, "the model's protobuf messages nest more than %u deep", max);
}
