/* onnx_depth.c — how deeply a serialized ModelProto nests its messages, measured on the
 * protobuf wire format (protobuf encoding: tags, varints, length-delimited fields) before
 * protobuf-c unpacks it: protobuf-c recurses once per nested message with no limit, so a
 * few kilobytes of nested TypeProto or If sub-graphs would exhaust the stack. The walk uses
 * the generated descriptors to know which fields hold messages, and recurses at most the
 * limit deep itself. */
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

/* The deepest nesting of message d in [p, end), depth counting d itself; false when the
 * bytes are malformed (protobuf-c then reports it) or the nesting passes max. */
static bool walk(const ProtobufCMessageDescriptor *d, const uint8_t *p, const uint8_t *end, unsigned depth,
                 unsigned max, unsigned *deepest)
{
    if (depth > *deepest)
        *deepest = depth;
    if (depth > max)
        return false;
    while (p < end) {
        uint64_t key, len;
        if (!varint(&p, end, &key))
            return true; /* malformed: protobuf-c refuses it */
        switch (key & 7) {
        case 0:
            if (!varint(&p, end, &len))
                return true;
            break;
        case 1:
            if (end - p < 8)
                return true;
            p += 8;
            break;
        case 5:
            if (end - p < 4)
                return true;
            p += 4;
            break;
        case 2: {
            if (!varint(&p, end, &len) || len > (uint64_t)(end - p))
                return true;
            const ProtobufCFieldDescriptor *f = key >> 3 <= UINT32_MAX
                ? protobuf_c_message_descriptor_get_field(d, (unsigned)(key >> 3))
                : NULL;
            if (f && f->type == PROTOBUF_C_TYPE_MESSAGE && !walk(f->descriptor, p, p + len, depth + 1, max, deepest))
                return false;
            p += len;
            break;
        }
        default: return true; /* groups and invalid wire types: protobuf-c refuses them */
        }
    }
    return true;
}

nnx_status nnx_onnx_check_depth(const uint8_t *data, size_t size, const char *name, nnx_error *err)
{
    unsigned deepest = 0;
    if (walk(&onnx__model_proto__descriptor, data, data + size, 1, NNX_ONNX_MAX_MESSAGE_DEPTH, &deepest))
        return NNX_OK;
    return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                         "%s: error: the model's protobuf messages nest more than %u deep", name,
                         NNX_ONNX_MAX_MESSAGE_DEPTH);
}
