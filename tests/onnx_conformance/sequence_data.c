/* sequence_data.c — the graph values of a test model with their kinds, and the test data's
 * values read by kind: a TensorProto, or a SequenceProto / OptionalProto (onnx-data.proto,
 * which Debian's onnx.proto lacks: their few fields are read here from the protobuf wire
 * format), flattened as the ONNX loader flattens sequences and optionals (onnx.h). */
#include "sequence_data.h"

#include "formats/onnx/onnx_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static sd_kind kind_of(const Onnx__TypeProto *t)
{
    if (t && t->value_case == ONNX__TYPE_PROTO__VALUE_SEQUENCE_TYPE)
        return SD_SEQUENCE;
    if (t && t->value_case == ONNX__TYPE_PROTO__VALUE_OPTIONAL_TYPE)
        return SD_OPTIONAL;
    return SD_TENSOR;
}

int sd_graph_values(const char *model, sd_value *in, size_t *n_in, sd_value *out, size_t *n_out, size_t max, char *why,
                    size_t wl)
{
    *n_in = *n_out = 0;
    FILE *f = fopen(model, "rb");
    if (!f) {
        snprintf(why, wl, "cannot open %.900s", model);
        return -1;
    }
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *buf = malloc(len > 0 ? (size_t)len : 1);
    if (!buf || fread(buf, 1, (size_t)len, f) != (size_t)len) {
        free(buf);
        fclose(f);
        snprintf(why, wl, "cannot read %.900s", model);
        return -1;
    }
    fclose(f);
    Onnx__ModelProto *m = onnx__model_proto__unpack(NULL, (size_t)len, buf);
    free(buf);
    if (!m || !m->graph) {
        if (m)
            onnx__model_proto__free_unpacked(m, NULL);
        snprintf(why, wl, "%.900s: not an ONNX model", model);
        return -1;
    }
    const Onnx__GraphProto *g = m->graph;
    for (size_t i = 0; i < g->n_input && *n_in < max; i++) {
        const char *name = g->input[i]->name ? g->input[i]->name : "";
        bool init = false;
        for (size_t j = 0; j < g->n_initializer && !init; j++)
            init = g->initializer[j]->name && strcmp(g->initializer[j]->name, name) == 0;
        if (!init) {
            snprintf(in[*n_in].name, sizeof in[*n_in].name, "%s", name);
            in[(*n_in)++].kind = kind_of(g->input[i]->type);
        }
    }
    for (size_t i = 0; i < g->n_output && *n_out < max; i++) {
        snprintf(out[*n_out].name, sizeof out[*n_out].name, "%s", g->output[i]->name ? g->output[i]->name : "");
        out[(*n_out)++].kind = kind_of(g->output[i]->type);
    }
    onnx__model_proto__free_unpacked(m, NULL);
    return 0;
}

/* ---------------------------------------------------------------- the wire format */

/* One field of a message: number, and its bytes (length-delimited) or varint value. */
typedef struct field {
    uint32_t number, wire;
    uint64_t value;
    const uint8_t *bytes;
    size_t len;
} field;

static bool varint(const uint8_t **p, const uint8_t *end, uint64_t *v)
{
    *v = 0;
    for (unsigned shift = 0; *p < end && shift < 64; shift += 7) {
        uint8_t b = *(*p)++;
        *v |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80))
            return true;
    }
    return false;
}

/* The next field from *p (false at the end or on malformed data: *bad set). */
static bool next_field(const uint8_t **p, const uint8_t *end, field *f, bool *bad)
{
    uint64_t key;
    if (*p >= end)
        return false;
    if (!varint(p, end, &key))
        return !(*bad = true);
    f->number = (uint32_t)(key >> 3);
    f->wire = (uint32_t)(key & 7);
    f->bytes = NULL;
    f->len = 0;
    switch (f->wire) {
    case 0:
        if (!varint(p, end, &f->value))
            return !(*bad = true);
        return true;
    case 1:
    case 5: {
        size_t n = f->wire == 1 ? 8 : 4;
        if ((size_t)(end - *p) < n)
            return !(*bad = true);
        *p += n;
        return true;
    }
    case 2:
        if (!varint(p, end, &f->value) || f->value > (uint64_t)(end - *p))
            return !(*bad = true);
        f->bytes = *p;
        f->len = (size_t)f->value;
        *p += f->len;
        return true;
    default: return !(*bad = true);
    }
}

/* A serialized TensorProto as tensor t named name. */
static int tensor_of(const nnx_alloc *alloc, const uint8_t *b, size_t len, const char *name, rt_tensor *t, char *why,
                     size_t wl)
{
    ProtobufCAllocator pa = nnx_onnx_pb_allocator(alloc);
    Onnx__TensorProto *tp = onnx__tensor_proto__unpack(&pa, len, b);
    if (!tp) {
        snprintf(why, wl, "'%s': not a valid TensorProto", name);
        return -1;
    }
    nnx_error e = {0};
    t->data = NULL;
    nnx_status st = nnx_onnx_tensor_decode(tp, NULL, alloc, &t->desc, &t->data, &e);
    onnx__tensor_proto__free_unpacked(tp, &pa);
    if (st != NNX_OK) {
        snprintf(why, wl, "'%s': %s", name, e.message);
        return -1;
    }
    snprintf(t->name, sizeof t->name, "%s", name);
    return 0;
}

/* SequenceProto (tensor_values, field 3) into t[*n..] named name[k]; its length into *len. */
static int sequence_of(const nnx_alloc *alloc, const uint8_t *b, size_t len, const char *name, rt_tensor *t, size_t *n,
                       size_t max, uint32_t *count, char *why, size_t wl)
{
    const uint8_t *p = b, *end = b + len;
    field f;
    bool bad = false;
    *count = 0;
    while (next_field(&p, end, &f, &bad)) {
        if (f.number == 4 || f.number == 5 || f.number == 6 || f.number == 7) {
            snprintf(why, wl, "'%s': a sequence of non-tensors", name);
            return -1;
        }
        if (f.number != 3 || f.wire != 2)
            continue;
        if (*n >= max) {
            snprintf(why, wl, "'%s': more than %zu tensors in the data set", name, max);
            return -1;
        }
        char en[300];
        snprintf(en, sizeof en, "%.250s[%u]", name, *count);
        if (tensor_of(alloc, f.bytes, f.len, en, &t[*n], why, wl) != 0)
            return -1;
        (*n)++;
        (*count)++;
    }
    if (bad) {
        snprintf(why, wl, "'%s': not a valid SequenceProto", name);
        return -1;
    }
    return 0;
}

int sd_read_value(const nnx_alloc *alloc, const char *path, const sd_value *v, rt_tensor *t, size_t *n, size_t max,
                  nnx_onnx_known_input *meta, bool *has_meta, char *why, size_t wl)
{
    *has_meta = false;
    if (v->kind == SD_TENSOR) {
        if (*n >= max) {
            snprintf(why, wl, "more than %zu tensors in the data set", max);
            return -1;
        }
        nnx_error err = {0};
        if (nnx_onnx_read_tensor_file(path, alloc, NULL, 0, &t[*n].desc, &t[*n].data, &err) != NNX_OK) {
            snprintf(why, wl, "%s", err.message);
            return -1;
        }
        snprintf(t[*n].name, sizeof t[*n].name, "%s", v->name);
        (*n)++;
        return 0;
    }
    FILE *f = fopen(path, "rb");
    uint8_t *buf = NULL;
    long len = -1;
    if (f && fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0)
        buf = malloc(len ? (size_t)len : 1);
    if (!buf || fread(buf, 1, (size_t)len, f) != (size_t)len) {
        if (f)
            fclose(f);
        free(buf);
        snprintf(why, wl, "cannot read %.900s", path);
        return -1;
    }
    fclose(f);
    int rc = 0;
    uint32_t count = 0;
    *meta = (nnx_onnx_known_input){.name = v->name, .kind = NNX_ONNX_KNOWN_SEQUENCE};
    *has_meta = true;
    if (v->kind == SD_SEQUENCE) {
        rc = sequence_of(alloc, buf, (size_t)len, v->name, t, n, max, &count, why, wl);
        meta->length = count;
    } else { /* OptionalProto: tensor_value 3, sequence_value 5; neither: absent */
        const uint8_t *p = buf, *end = buf + len;
        field fl;
        bool bad = false;
        meta->kind = NNX_ONNX_KNOWN_ABSENT;
        while (rc == 0 && next_field(&p, end, &fl, &bad)) {
            if (fl.wire != 2 ||
                (fl.number != 3 && fl.number != 5 && fl.number != 4 && fl.number != 6 && fl.number != 7))
                continue;
            if (fl.number == 3 && *n >= max) {
                snprintf(why, wl, "more than %zu tensors in the data set", max);
                rc = -1;
            } else if (fl.number == 3) {
                rc = tensor_of(alloc, fl.bytes, fl.len, v->name, &t[*n], why, wl);
                *n += rc == 0;
                *has_meta = false; /* present: an ordinary tensor input */
            } else if (fl.number == 5) {
                rc = sequence_of(alloc, fl.bytes, fl.len, v->name, t, n, max, &count, why, wl);
                meta->kind = NNX_ONNX_KNOWN_SEQUENCE;
                meta->length = count;
            } else {
                snprintf(why, wl, "'%s': an optional of neither a tensor nor a sequence", v->name);
                rc = -1;
            }
        }
        if (bad && rc == 0) {
            snprintf(why, wl, "'%s': not a valid OptionalProto", v->name);
            rc = -1;
        }
    }
    free(buf);
    return rc;
}
