/* model_sniff.c — the format of a model file told from its first bytes (api/model_sniff.h;
 * the rule between content and extension is docs/decisions/engine.md E35). Each test is a
 * format's own signature; ONNX, which has none, is a protobuf walk (below). */
#define _POSIX_C_SOURCE 200809L
#include "api/model_sniff.h"

#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A protobuf varint at b[*at..n) (protobuf encoding, "Base 128 Varints"); false when it is
 * cut off by n or longer than 10 bytes. */
static bool varint(const uint8_t *b, size_t n, size_t *at, uint64_t *v)
{
    *v = 0;
    for (unsigned shift = 0; shift < 70 && *at < n; shift += 7) {
        uint8_t c = b[(*at)++];
        *v |= (uint64_t)(c & 0x7f) << shift;
        if (!(c & 0x80))
            return true;
    }
    return false;
}

/* The wire type of ModelProto field `field` (ONNX IR spec, onnx.proto ModelProto): 0 varint,
 * 2 length-delimited; -1: not a field of ModelProto. */
static int model_proto_wire_type(uint64_t field)
{
    switch (field) {
    case 1: /* ir_version */
    case 5: /* model_version */ return 0;
    case 2:  /* producer_name */
    case 3:  /* producer_version */
    case 4:  /* domain */
    case 6:  /* doc_string */
    case 7:  /* graph */
    case 8:  /* opset_import */
    case 14: /* metadata_props */
    case 20: /* training_info */
    case 25: /* functions */
    case 26: /* configuration */ return 2;
    default: return -1;
    }
}

/* ONNX has no magic number, so the start is walked as a ModelProto: every field in the bytes
 * read must be a ModelProto field with its wire type, every length must fit in the file, and
 * ir_version (field 1, a varint from 1 to 255), graph (7) or opset_import (8) must be among them. Every
 * exporter writes ir_version first (fields in number order), so a real model shows field 1
 * at byte 0 (0x08). A text file could start with a valid tag byte (0x22 '"', 0x32 '2',
 * 0x3a ':', 0x42 'B') but its following bytes then fail the walk in practice. */
static bool looks_like_onnx(const uint8_t *b, size_t n, uint64_t file_size)
{
    size_t at = 0;
    bool anchored = false;
    unsigned fields = 0;
    while (at < n) {
        uint64_t tag, v;
        if (!varint(b, n, &at, &tag))
            break; /* cut off by the bytes read: judge what was walked */
        int wire = model_proto_wire_type(tag >> 3);
        if (wire < 0 || (int)(tag & 7) != wire)
            return false;
        if (!varint(b, n, &at, &v))
            break;
        fields++;
        if (wire == 0) {
            if ((tag >> 3) == 1) {
                if (v < 1 || v > 255)
                    return false;
                anchored = true;
            }
            continue;
        }
        if ((tag >> 3) == 7 || (tag >> 3) == 8)
            anchored = true;
        if (v > file_size - at) /* at <= n <= file_size */
            return false;
        if (v >= n - at)
            break; /* the field runs past the bytes read */
        at += (size_t)v;
    }
    return fields > 0 && anchored;
}

/* Skips whitespace and NNEF comments (`#` to the end of the line, NNEF 1.0.2 §3.1). */
static size_t skip_nnef_space(const uint8_t *b, size_t n, size_t at)
{
    while (at < n) {
        if (b[at] == '#') {
            while (at < n && b[at] != '\n')
                at++;
        } else if (b[at] == ' ' || b[at] == '\t' || b[at] == '\r' || b[at] == '\n') {
            at++;
        } else {
            break;
        }
    }
    return at;
}

static bool has_word_at(const uint8_t *b, size_t n, size_t at, const char *word)
{
    size_t w = strlen(word);
    if (n - at < w || memcmp(b + at, word, w) != 0)
        return false;
    return at + w == n ||
        !((b[at + w] >= 'a' && b[at + w] <= 'z') || (b[at + w] >= 'A' && b[at + w] <= 'Z') ||
          (b[at + w] >= '0' && b[at + w] <= '9') || b[at + w] == '_');
}

/* A JSON object (RFC 8259) with a top-level-looking "nodes" key among the bytes read: NNVM
 * graph JSON (TVM docs, "NNVM graph JSON": nodes, arg_nodes, heads, attrs). */
static bool has_nodes_key(const uint8_t *b, size_t n)
{
    static const char key[] = "\"nodes\"";
    for (size_t i = 0; i + sizeof key - 1 <= n; i++)
        if (memcmp(b + i, key, sizeof key - 1) == 0)
            return true;
    return false;
}

nnx_sniff_kind nnx_sniff_bytes(const uint8_t *b, size_t n, uint64_t file_size)
{
    if (!b || n == 0 || n > file_size)
        return NNX_SNIFF_UNKNOWN;
    if (n >= 6 && memcmp(b, "\x93NUMPY", 6) == 0) /* NumPy format, NEP 1 */
        return NNX_SNIFF_NPY;
    if (n >= 2 && b[0] == 0x1f && b[1] == 0x8b) /* RFC 1952 §2.3.1 */
        return NNX_SNIFF_GZIP;
    if (n >= 262 && memcmp(b + 257, "ustar", 5) == 0) /* POSIX.1 ustar header, magic at 257 */
        return NNX_SNIFF_TAR;
    /* TOSA flatbuffer (tosa.fbs: file_identifier "TOSA"): a uint32 root offset, then the
     * identifier; the offset must land inside the file. */
    if (n >= 8 && memcmp(b + 4, "TOSA", 4) == 0) {
        uint32_t root = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
        if (root >= 8 && root < file_size)
            return NNX_SNIFF_TOSA;
    }
    size_t at = skip_nnef_space(b, n, 0);
    if (has_word_at(b, n, at, "version"))
        return NNX_SNIFF_NNEF_TEXT;
    if (at < n && b[at] == '{' && b[0] != '#') /* JSON has no comments */
        return has_nodes_key(b, n) ? NNX_SNIFF_NNVM_JSON : NNX_SNIFF_JSON;
    if (looks_like_onnx(b, n, file_size))
        return NNX_SNIFF_ONNX;
    return NNX_SNIFF_UNKNOWN;
}

nnx_sniff_kind nnx_sniff_path(const char *path)
{
    struct stat st;
    if (!path || stat(path, &st) != 0)
        return NNX_SNIFF_UNKNOWN;
    if (S_ISDIR(st.st_mode)) {
        char graph[4096];
        struct stat gs;
        int len = snprintf(graph, sizeof graph, "%s/graph.nnef", path);
        return len > 0 && (size_t)len < sizeof graph && stat(graph, &gs) == 0 && S_ISREG(gs.st_mode)
            ? NNX_SNIFF_NNEF_FOLDER
            : NNX_SNIFF_UNKNOWN;
    }
    if (!S_ISREG(st.st_mode))
        return NNX_SNIFF_UNKNOWN;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return NNX_SNIFF_UNKNOWN;
    struct stat fs = {0}; /* the descriptor's own: the path may have changed since stat */
    uint8_t b[NNX_SNIFF_BYTES];
    size_t n = 0;
    if (fstat(fd, &fs) == 0 && S_ISREG(fs.st_mode) && fs.st_size > 0) {
        while (n < sizeof b) {
            ssize_t r = read(fd, b + n, sizeof b - n);
            if (r <= 0)
                break;
            n += (size_t)r;
        }
    }
    close(fd);
    uint64_t size = fs.st_size > 0 ? (uint64_t)fs.st_size : 0;
    return n > 0 && n <= size ? nnx_sniff_bytes(b, n, size) : NNX_SNIFF_UNKNOWN;
}
