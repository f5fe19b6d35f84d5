/* npz.c — NumPy .npz bundles through libarchive's zip reader (stored and deflated members).
 *
 * Decisions (numpy.lib.npyio.NpzFile leaves these to the reader):
 *  N14 Every member must be a regular file whose name ends in ".npy"; its tensor's name is the
 *     member name without it (numpy.savez writes "x.npy" for keyword x and "arr_0.npy" for
 *     positional arrays). Folders, links and other names are errors, not skipped. A name
 *     given twice, an empty name and an empty bundle are errors.
 *  N15 Members are read whole into memory: at most NNX_NPZ_MAX_MEMBERS members and
 *     NNX_NPZ_MAX_BYTES bytes in all (or the caller's limits); a member's declared size is
 *     checked before anything is allocated, and its data must match it exactly. Encrypted
 *     members are NOT_SUPPORTED.
 * (IDs of docs/decisions/npy.md.)
 * Built with NNX_WITH_ARCHIVE=OFF, nnx_npz_read refuses every bundle (NOT_SUPPORTED). */
#include "formats/npy/npz.h"

#include "base/checked.h"

#if NNX_WITH_ARCHIVE
#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

static const char *path_of(const char *path) { return path ? path : "<memory>"; }

typedef struct npz_reader {
    const char *path;
    const nnx_alloc *alloc;
    size_t max_members;
    uint64_t max_bytes, total;
    char **names; /* the names seen so far (N14) */
    size_t count;
    nnx_error *err;
} npz_reader;

static nnx_status corrupt(npz_reader *r, struct archive *ar)
{
    const char *why = archive_error_string(ar);
    return nnx_error_set(r->err, NNX_ERROR_INVALID_MODEL, "%s: error: not a valid .npz (zip) file: %s",
                         path_of(r->path), why ? why : "unreadable archive");
}

/* N14, N14: the member name without ".npy", recorded; NULL after setting err. */
static const char *member_name(npz_reader *r, const char *entry, nnx_status *st)
{
    size_t n = strlen(entry);
    if (n <= 4 || strcmp(entry + n - 4, ".npy") != 0) {
        *st = nnx_error_set(r->err, NNX_ERROR_INVALID_MODEL, "%s: error: member '%.64s' is not a .npy file",
                            path_of(r->path), entry);
        return NULL;
    }
    for (size_t i = 0; i < r->count; i++)
        if (strlen(r->names[i]) == n - 4 && memcmp(r->names[i], entry, n - 4) == 0) {
            *st = nnx_error_set(r->err, NNX_ERROR_INVALID_MODEL, "%s: error: member '%.64s' is given twice",
                                path_of(r->path), entry);
            return NULL;
        }
    char *name = nnx_mem_alloc(r->alloc, n - 3);
    size_t grown;
    char **names = NULL;
    if (name && nnx_mul_size(r->count + 1, sizeof *names, &grown))
        names = nnx_mem_alloc(r->alloc, grown);
    if (!name || !names) {
        nnx_mem_free(r->alloc, name);
        nnx_mem_free(r->alloc, names);
        *st = nnx_error_set(r->err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", path_of(r->path));
        return NULL;
    }
    memcpy(name, entry, n - 4);
    name[n - 4] = '\0';
    if (r->count)
        memcpy(names, r->names, r->count * sizeof *names);
    names[r->count++] = name;
    nnx_mem_free(r->alloc, r->names);
    r->names = names;
    return name;
}

/* One member: checks (N14, N15, N15), reads it whole, parses it, hands it to fn. */
static nnx_status read_member(npz_reader *r, struct archive *ar, struct archive_entry *e, nnx_npz_member_fn fn,
                              void *user)
{
    const char *entry = archive_entry_pathname(e);
    const char *path = path_of(r->path);
    if (!entry)
        return nnx_error_set(r->err, NNX_ERROR_INVALID_MODEL, "%s: error: a member has no name", path);
    if (r->count >= r->max_members)
        return nnx_error_set(r->err, NNX_ERROR_NOT_SUPPORTED, "%s: error: more than %zu members", path, r->max_members);
    if (archive_entry_filetype(e) != AE_IFREG)
        return nnx_error_set(r->err, NNX_ERROR_INVALID_MODEL, "%s: error: member '%.64s' is not a regular file", path,
                             entry);
    if (archive_entry_is_encrypted(e))
        return nnx_error_set(r->err, NNX_ERROR_NOT_SUPPORTED, "%s: error: member '%.64s' is encrypted", path, entry);
    nnx_status st = NNX_OK;
    const char *name = member_name(r, entry, &st);
    if (!name)
        return st;
    if (!archive_entry_size_is_set(e) || archive_entry_size(e) < 0)
        return nnx_error_set(r->err, NNX_ERROR_INVALID_MODEL, "%s: error: member '%.64s' has no size", path, entry);
    uint64_t declared = (uint64_t)archive_entry_size(e);
    if (!nnx_add_u64(r->total, declared, &r->total) || r->total > r->max_bytes || declared > SIZE_MAX)
        return nnx_error_set(r->err, NNX_ERROR_NOT_SUPPORTED,
                             "%s: error: member '%.64s' takes the bundle above %llu bytes", path, entry,
                             (unsigned long long)r->max_bytes);
    size_t size = (size_t)declared;
    uint8_t *buf = nnx_mem_alloc(r->alloc, size ? size : 1);
    if (!buf)
        return nnx_error_set(r->err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory for member '%.64s' (%zu bytes)",
                             path, entry, size ? size : 1);
    size_t got = 0;
    while (got < size) {
        la_ssize_t n = archive_read_data(ar, buf + got, size - got);
        if (n < 0) {
            st = corrupt(r, ar);
            break;
        }
        if (n == 0)
            break;
        got += (size_t)n;
    }
    uint8_t extra;
    if (st == NNX_OK && (got != size || archive_read_data(ar, &extra, 1) != 0))
        st = nnx_error_set(r->err, NNX_ERROR_INVALID_MODEL,
                           "%s: error: member '%.64s' does not hold the %zu bytes its header says", path, entry, size);
    if (st == NNX_OK) {
        char member_path[320];
        snprintf(member_path, sizeof member_path, "%s:%.256s", path, entry);
        nnx_npy_info info;
        nnx_error inner = {0};
        st = nnx_npy_parse(buf, size, member_path, &info, &inner);
        if (st != NNX_OK)
            nnx_error_set(r->err, st, "%s", inner.message);
        else
            st = fn(user, name, &info);
    }
    nnx_mem_free(r->alloc, buf);
    return st;
}

nnx_status nnx_npz_read(const void *bytes, size_t size, const char *path, const nnx_alloc *alloc,
                        const nnx_npz_limits *limits, nnx_npz_member_fn fn, void *user, nnx_error *err)
{
    npz_reader r = {path, alloc, NNX_NPZ_MAX_MEMBERS, NNX_NPZ_MAX_BYTES, 0, NULL, 0, err};
    if (limits && limits->max_members)
        r.max_members = limits->max_members;
    if (limits && limits->max_bytes)
        r.max_bytes = limits->max_bytes;
    struct archive *ar = archive_read_new();
    if (!ar)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", path_of(path));
    nnx_status st = NNX_OK;
    if (archive_read_support_format_zip(ar) != ARCHIVE_OK || archive_read_open_memory(ar, bytes, size) != ARCHIVE_OK)
        st = corrupt(&r, ar);
    while (st == NNX_OK) {
        struct archive_entry *e;
        int rc = archive_read_next_header(ar, &e);
        if (rc == ARCHIVE_EOF)
            break;
        if (rc != ARCHIVE_OK && rc != ARCHIVE_WARN) {
            st = corrupt(&r, ar);
            break;
        }
        st = read_member(&r, ar, e, fn, user);
    }
    if (st == NNX_OK && r.count == 0)
        st = nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "%s: error: the bundle holds no array", path_of(path));
    archive_read_free(ar);
    for (size_t i = 0; i < r.count; i++)
        nnx_mem_free(alloc, r.names[i]);
    nnx_mem_free(alloc, r.names);
    return st;
}

/* ------------------------------------------------------------------ writing (N17) */

/* An in-memory sink for libarchive's writer. */
typedef struct npz_sink {
    const nnx_alloc *alloc;
    uint8_t *data;
    size_t len, cap;
    bool oom;
} npz_sink;

static la_ssize_t sink_write(struct archive *ar, void *user, const void *buf, size_t n)
{
    npz_sink *s = user;
    size_t need, cap = s->cap ? s->cap : 65536;
    if (!nnx_add_size(s->len, n, &need) || need > (size_t)INT64_MAX) {
        archive_set_error(ar, EFBIG, "bundle too large");
        return -1;
    }
    while (cap < need)
        cap = cap > SIZE_MAX / 2 ? need : cap * 2;
    if (need > s->cap) {
        uint8_t *p = nnx_mem_realloc(s->alloc, s->data, cap);
        if (!p) {
            s->oom = true;
            archive_set_error(ar, ENOMEM, "out of memory");
            return -1;
        }
        s->data = p;
        s->cap = cap;
    }
    memcpy(s->data + s->len, buf, n);
    s->len = need;
    return (la_ssize_t)n;
}

static nnx_status write_failed(struct archive *ar, const npz_sink *s, const char *path, nnx_error *err)
{
    if (s->oom || archive_errno(ar) == ENOMEM)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", path_of(path));
    const char *why = archive_error_string(ar);
    return nnx_error_set(err, NNX_ERROR_IO, "%s: error: cannot write the bundle: %s", path_of(path),
                         why ? why : "libarchive error");
}

/* The names: non-empty, each once. */
static nnx_status check_members(const nnx_npz_member *m, size_t n, const char *path, nnx_error *err)
{
    if (n == 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s: error: a bundle needs at least one array",
                             path_of(path));
    for (size_t i = 0; i < n; i++) {
        if (!m[i].name || !m[i].name[0] || (!m[i].data && m[i].size))
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s: error: array %zu has no name or no data",
                                 path_of(path), i);
        for (size_t j = 0; j < i; j++)
            if (strcmp(m[i].name, m[j].name) == 0)
                return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s: error: array '%.64s' is given twice",
                                     path_of(path), m[i].name);
    }
    return NNX_OK;
}

/* Member m as NAME.npy: its .npy bytes (from alloc) written as one stored entry. */
static nnx_status write_member(struct archive *ar, const npz_sink *s, const nnx_npz_member *m, const char *path,
                               nnx_error *err)
{
    size_t size = 0, written = 0, name_len = strlen(m->name), entry_len;
    nnx_error inner = {0};
    nnx_status st = nnx_npy_encoded_size(m->dtype, m->shape, m->rank, &size, &inner);
    if (st != NNX_OK)
        return nnx_error_set(err, st, "%s: error: array '%.64s': %s", path_of(path), m->name, inner.message);
    if (!nnx_add_size(name_len, 5, &entry_len))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s: error: a name too long", path_of(path));
    uint8_t *file = nnx_mem_alloc(s->alloc, size ? size : 1);
    char *entry = nnx_mem_alloc(s->alloc, entry_len);
    struct archive_entry *e = archive_entry_new();
    if (!file || !entry || !e)
        st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory for a member of %zu bytes",
                           path_of(path), size ? size : 1);
    if (st == NNX_OK &&
        (st = nnx_npy_write(m->dtype, m->shape, m->rank, m->data, m->size, file, size, &written, &inner)) != NNX_OK)
        nnx_error_set(err, st, "%s: error: array '%.64s': %s", path_of(path), m->name, inner.message);
    if (st == NNX_OK) {
        memcpy(entry, m->name, name_len);
        memcpy(entry + name_len, ".npy", 5);
        archive_entry_set_pathname(e, entry);
        archive_entry_set_size(e, (la_int64_t)written);
        archive_entry_set_filetype(e, AE_IFREG);
        archive_entry_set_perm(e, 0644);
        archive_entry_set_mtime(e, 315532800, 0); /* 1980-01-01, the earliest time zip holds */
        if (archive_write_header(ar, e) != ARCHIVE_OK ||
            (written && archive_write_data(ar, file, written) != (la_ssize_t)written))
            st = write_failed(ar, s, path, err);
    }
    if (e)
        archive_entry_free(e);
    nnx_mem_free(s->alloc, file);
    nnx_mem_free(s->alloc, entry);
    return st;
}

nnx_status nnx_npz_write(const nnx_npz_member *members, size_t n, const char *path, const nnx_alloc *alloc, void **out,
                         size_t *out_size, nnx_error *err)
{
    *out = NULL;
    *out_size = 0;
    nnx_status st = check_members(members, n, path, err);
    if (st != NNX_OK)
        return st;
    struct archive *ar = archive_write_new();
    if (!ar)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", path_of(path));
    npz_sink s = {alloc, NULL, 0, 0, false};
    /* numpy.savez stores its members (zipfile.ZIP_STORED) */
    if (archive_write_set_format_zip(ar) != ARCHIVE_OK ||
        archive_write_set_options(ar, "zip:compression=store") != ARCHIVE_OK ||
        archive_write_open2(ar, &s, NULL, sink_write, NULL, NULL) != ARCHIVE_OK)
        st = write_failed(ar, &s, path, err);
    for (size_t i = 0; st == NNX_OK && i < n; i++)
        st = write_member(ar, &s, &members[i], path, err);
    if (st == NNX_OK && archive_write_close(ar) != ARCHIVE_OK)
        st = write_failed(ar, &s, path, err);
    archive_write_free(ar);
    if (st != NNX_OK) {
        nnx_mem_free(alloc, s.data);
        return st;
    }
    *out = s.data;
    *out_size = s.len;
    return NNX_OK;
}
#else /* NNX_WITH_ARCHIVE=OFF (src/CMakeLists.txt) */

nnx_status nnx_npz_read(const void *bytes, size_t size, const char *path, const nnx_alloc *alloc,
                        const nnx_npz_limits *limits, nnx_npz_member_fn fn, void *user, nnx_error *err)
{
    return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                         "%s: error: this libnnx was built without archive support (NNX_WITH_ARCHIVE=OFF): "
                         "it cannot read .npz bundles; give each input as a .npy file",
                         path ? path : "<memory>");
}

nnx_status nnx_npz_write(const nnx_npz_member *members, size_t n, const char *path, const nnx_alloc *alloc, void **out,
                         size_t *out_size, nnx_error *err)
{
    (void)members, (void)n, (void)alloc;
    *out = NULL;
    *out_size = 0;
    return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                         "%s: error: this libnnx was built without archive support (NNX_WITH_ARCHIVE=OFF): "
                         "it cannot write .npz bundles",
                         path ? path : "<memory>");
}
#endif
