/* container.c — NNEF containers (NNEF 1.0.2 §5.1): kind detection by stat and magic bytes,
 * folders mapped on demand, tar/tar.gz read once through libarchive with every entry checked
 * and bounded, the label-to-path rule, case-insensitive lookup, and the folder/tar/tgz
 * writer. The rules and their reasons are in container.h. */
#define _POSIX_C_SOURCE 200809L

#include "formats/nnef/files/container.h"

#if NNX_WITH_ARCHIVE
#include <archive.h>
#include <archive_entry.h>
#endif
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/checked.h"
#include "base/file.h"
#include "base/strmap.h"
#include "formats/load_limits.h"

#define FULL_PATH_MAX 4096 /* root + '/' + relative path, NUL included (Linux PATH_MAX) */
#define NAME_MAX_BYTES 255 /* longest path component (NAME_MAX of common file systems) */

static const uint8_t empty_bytes[1];

/* One file the container knows: an archive entry (bytes owned) or a folder file (a view
 * mapped on first get). Every item array starts with the path so one index serves both. */
typedef struct item {
    char *path;
    const uint8_t *data; /* archive: owned (NULL when size is 0); folder: view.data */
    size_t size;
    nnx_file_view view; /* folder only */
    bool loaded;        /* folder: view is mapped or read */
} item;

/* Item paths for exact and case-insensitive lookups (base/strmap.h; zeroed until the first
 * index_reserve): exact maps a path to its first item, folded a path ignoring ASCII case to
 * its first item, with PATH_MORE set when later items match it too. */
typedef struct path_index {
    nnx_strmap exact, folded;
} path_index;

#define PATH_MORE ((uintptr_t)1 << 31) /* item indices stay below 2^30 (NNX_STRMAP_MAX_KEYS) */

struct nnx_nnef_container {
    nnx_alloc alloc;
    nnx_nnef_container_kind kind;
    char *path; /* as given: the folder, the lone file, or the archive */
    item *items;
    uint32_t n_items, cap_items;
    path_index index;
};

typedef struct wfile {
    char *path;
    uint8_t *data; /* owned; NULL when size is 0 */
    size_t size;
} wfile;

struct nnx_nnef_container_writer {
    nnx_alloc alloc;
    wfile *files;
    uint32_t n_files, cap_files;
    path_index index;
};

/* ------------------------------------------------------------------ messages */

static nnx_status io_error(nnx_error *err, const char *path, const char *what, int e)
{
    char text[128];
    if (strerror_r(e, text, sizeof text) != 0)
        snprintf(text, sizeof text, "error %d", e);
    return nnx_error_set(err, NNX_ERROR_IO, "%s: error: cannot %s: %s", path, what, text);
}

static nnx_status oom(nnx_error *err, const char *path)
{
    return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", path);
}

/* A name for a message: at most 80 bytes, control characters and non-ASCII shown as '?'
 * (names come from untrusted archives and documents). */
static const char *shown(const char *s, char *buf, size_t size)
{
    size_t n = 0;
    for (; s[n] && n + 4 < size && n < 80; n++)
        buf[n] = (s[n] < 0x20 || s[n] > 0x7e) ? '?' : s[n];
    if (s[n]) {
        memcpy(buf + n, "...", 3);
        n += 3;
    }
    buf[n] = '\0';
    return buf;
}

/* ------------------------------------------------------------------ path rules */

/* NULL when the path is safe (container.h), else the rule it breaks. */
static const char *relpath_problem(const char *p)
{
    size_t len = strlen(p);
    if (len == 0)
        return "empty path";
    if (len > NNX_NNEF_PATH_MAX)
        return "path longer than 4095 bytes";
    if (p[0] == '/')
        return "absolute path";
    const char *comp = p;
    for (const char *q = p;; q++) {
        unsigned char ch = (unsigned char)*q;
        if (ch == '\\')
            return "backslash in path";
        if ((ch != 0 && ch < 0x20) || ch == 0x7f)
            return "control character in path";
        if (ch != '/' && ch != 0)
            continue;
        size_t n = (size_t)(q - comp);
        if (n == 0)
            return "empty path component";
        if (n == 1 && comp[0] == '.')
            return "'.' path component";
        if (n == 2 && comp[0] == '.' && comp[1] == '.')
            return "'..' path component";
        if (n > NAME_MAX_BYTES)
            return "path component longer than 255 bytes";
        if (ch == 0)
            return NULL;
        comp = q + 1;
    }
}

nnx_status nnx_nnef_check_relpath(const char *relpath, nnx_error *err)
{
    char buf[96];
    const char *why = relpath_problem(relpath);
    if (!why)
        return NNX_OK;
    return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "'%s': %s", shown(relpath, buf, sizeof buf), why);
}

static bool label_char_ok(unsigned char ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_' || ch == '-' ||
        ch == '.' || ch == '/';
}

/* The character rule of §4.1.2 `variable` ("[a-z], [A-Z], [0-9], _, -, ., /, \"). */
static nnx_status check_label_chars(const char *label, nnx_error *err)
{
    char buf[96];
    if (!label[0])
        return nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "variable label '': a label must not be empty");
    for (const unsigned char *p = (const unsigned char *)label; *p; p++) {
        if (*p == '\\')
            return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                                 "variable label '%s': a backslash has no portable file path (nnx rejects it)",
                                 shown(label, buf, sizeof buf));
        if (!label_char_ok(*p))
            return nnx_error_set(err, NNX_ERROR_INVALID_MODEL,
                                 "variable label '%s': character 0x%02x is not allowed (only A-Z a-z 0-9 _ - . /)",
                                 shown(label, buf, sizeof buf), *p);
    }
    return NNX_OK;
}

nnx_status nnx_nnef_label_path(const char *label, char *buf, size_t size, nnx_error *err)
{
    char shownbuf[96];
    nnx_status st = check_label_chars(label, err);
    if (st != NNX_OK)
        return st;
    size_t len = strlen(label);
    if (len > NNX_NNEF_PATH_MAX - 4)
        return nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "variable label '%s': longer than %u bytes",
                             shown(label, shownbuf, sizeof shownbuf), NNX_NNEF_PATH_MAX - 4);
    if (size < len + 5)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "variable label '%s': path buffer too small",
                             shown(label, shownbuf, sizeof shownbuf));
    memcpy(buf, label, len);
    memcpy(buf + len, ".dat", 5);
    /* The label's own components first ("a/" would else become the component ".dat"). */
    const char *why = relpath_problem(label);
    if (!why)
        why = relpath_problem(buf);
    if (why)
        return nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "variable label '%s': %s",
                             shown(label, shownbuf, sizeof shownbuf), why);
    return NNX_OK;
}

/* ------------------------------------------------------------------ path index */

/* strcasecmp folding ASCII only, whatever the C locale (labels are ASCII, §4.1.2). */
static int ascii_casecmp(const char *a, const char *b)
{
    for (;; a++, b++) {
        int x = (unsigned char)*a, y = (unsigned char)*b;
        x += x >= 'A' && x <= 'Z' ? 32 : 0;
        y += y >= 'A' && y <= 'Z' ? 32 : 0;
        if (x != y || !x)
            return x - y;
    }
}

#define KEY(base, stride, i) (*(char *const *)((const char *)(base) + (size_t)(i) * (stride)))

/* Indexes key as item i (room made by index_reserve, so this never allocates). */
static void index_put(path_index *ix, const char *key, uint32_t i)
{
    bool added;
    uintptr_t *exact = nnx_strmap_put(&ix->exact, key, &added);
    if (added)
        *exact = i;
    uintptr_t *folded = nnx_strmap_put(&ix->folded, key, &added);
    *folded = added ? i : *folded | PATH_MORE;
}

/* Makes room for n keys. */
static bool index_reserve(const nnx_alloc *a, path_index *ix, uint32_t n)
{
    if (!ix->exact.alloc) {
        nnx_strmap_init(&ix->exact, a, false);
        nnx_strmap_init(&ix->folded, a, true);
    }
    return nnx_strmap_reserve(&ix->exact, n) && nnx_strmap_reserve(&ix->folded, n);
}

static void index_free(path_index *ix)
{
    nnx_strmap_free(&ix->exact);
    nnx_strmap_free(&ix->folded);
}

/* Items (of keys[0..n)) whose key equals key exactly, or ignoring ASCII case when ci: returns
 * whether there are none, one or more (0, 1, 2), the first in *first and, ignoring case, the
 * second in *second (items in the order they were indexed). */
static uint32_t index_find(const path_index *ix, const void *keys, size_t stride, uint32_t n, const char *key, bool ci,
                           uint32_t *first, uint32_t *second)
{
    uintptr_t v;
    if (!nnx_strmap_get(ci ? &ix->folded : &ix->exact, key, &v))
        return 0;
    *first = (uint32_t)(v & ~PATH_MORE);
    if (!(v & PATH_MORE))
        return 1;
    for (uint32_t i = *first + 1; i < n; i++)
        if (ascii_casecmp(KEY(keys, stride, i), key) == 0) {
            *second = i;
            return 2;
        }
    return 1;
}

/* ------------------------------------------------------------------ container items */

static item *find_item(const nnx_nnef_container *c, const char *path)
{
    uint32_t i, j;
    return index_find(&c->index, c->items, sizeof(item), c->n_items, path, false, &i, &j) ? &c->items[i] : NULL;
}

/* Appends an item taking path (allocated); on failure frees path. */
static nnx_status add_item(nnx_nnef_container *c, char *path, item **out, nnx_error *err)
{
    if (!path || !nnx_mem_reserve(&c->alloc, (void **)&c->items, &c->cap_items, c->n_items + 1, sizeof(item)) ||
        !index_reserve(&c->alloc, &c->index, c->n_items + 1)) {
        nnx_mem_free(&c->alloc, path);
        return oom(err, c->path);
    }
    item *it = &c->items[c->n_items];
    *it = (item){.path = path};
    index_put(&c->index, path, c->n_items++);
    *out = it;
    return NNX_OK;
}

static void free_items(nnx_nnef_container *c)
{
    for (uint32_t i = 0; i < c->n_items; i++) {
        item *it = &c->items[i];
        if (c->kind == NNX_NNEF_CONTAINER_TAR || c->kind == NNX_NNEF_CONTAINER_TGZ)
            nnx_mem_free(&c->alloc, (void *)it->data);
        else
            nnx_file_unmap(&it->view);
        nnx_mem_free(&c->alloc, it->path);
    }
    nnx_mem_free(&c->alloc, c->items);
    index_free(&c->index);
}

void nnx_nnef_container_close(nnx_nnef_container *c)
{
    if (!c)
        return;
    free_items(c);
    nnx_alloc a = c->alloc;
    nnx_mem_free(&a, c->path);
    nnx_mem_free(&a, c);
}

nnx_nnef_container_kind nnx_nnef_container_kind_of(const nnx_nnef_container *c) { return c->kind; }

static bool is_archive(const nnx_nnef_container *c)
{
    return c->kind == NNX_NNEF_CONTAINER_TAR || c->kind == NNX_NNEF_CONTAINER_TGZ;
}

/* ------------------------------------------------------------------ archives */

#if NNX_WITH_ARCHIVE

/* libarchive reports format problems with EILSEQ (its ARCHIVE_ERRNO_FILE_FORMAT), misuse
 * with EINVAL and other data problems with -1; a positive errno else came from the system. */
static nnx_status archive_failure(struct archive *ar, const char *path, nnx_error *err)
{
    int e = archive_errno(ar);
    const char *why = archive_error_string(ar);
    if (e == ENOMEM)
        return oom(err, path);
    if (e > 0 && e != EILSEQ && e != EINVAL)
        return nnx_error_set(err, NNX_ERROR_IO, "%s: error: cannot read: %s", path, why ? why : "I/O error");
    return nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "%s: error: malformed archive: %s", path,
                         why ? why : "unreadable data");
}

/* What an archive may unpack to (nnx_model_options max_archive_bytes, max_archive_ratio):
 * every regular entry's declared size is charged at its header, before its data is read or
 * skipped, so a bomb is refused before it costs memory or time. A declared size is what
 * libarchive delivers (a tar header's size, pax "size", a sparse entry's logical size), so
 * the data cannot outgrow it; a header claiming more than the stream holds costs no more
 * than the stream gives (read_entry_data grows its buffer with the data). */
typedef struct archive_budget {
    uint64_t total;     /* declared bytes of the regular entries so far */
    uint64_t max_total; /* limits.archive_bytes */
    uint64_t file_size; /* the archive file's bytes: what the compressed stream can hold */
    uint32_t ratio;     /* limits.archive_ratio */
    uint32_t entries, max_entries;
} archive_budget;

static nnx_status entry_problem(const nnx_nnef_container *c, const char *name, const char *why, nnx_error *err)
{
    char buf[96];
    return nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "%s: error: entry '%s': %s", c->path,
                         shown(name, buf, sizeof buf), why);
}

static const char *special_kind(mode_t type)
{
    switch (type) {
    case AE_IFLNK: return "a symbolic link; only regular files and folders are allowed";
    case AE_IFCHR: return "a character device; only regular files and folders are allowed";
    case AE_IFBLK: return "a block device; only regular files and folders are allowed";
    case AE_IFIFO: return "a FIFO; only regular files and folders are allowed";
    case AE_IFSOCK: return "a socket; only regular files and folders are allowed";
    default: return "not a regular file; only regular files and folders are allowed";
    }
}

/* Copies name into buf without leading "./" (tar -C dir .) and, for folders, without
 * trailing '/'. False when it does not fit. */
static bool normalize_entry(const char *name, bool folder, char *buf, size_t size)
{
    while (name[0] == '.' && name[1] == '/')
        name += 2;
    size_t n = strlen(name);
    while (folder && n && name[n - 1] == '/')
        n--;
    if (n >= size)
        return false;
    memcpy(buf, name, n);
    buf[n] = '\0';
    return true;
}

/* The files NNEF reads (§5.1); everything else is a vendor file, skipped unread. */
static bool wanted(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strlen(base);
    return strcmp(base, "graph.nnef") == 0 || strcmp(base, "graph.quant") == 0 ||
        (n > 4 && ascii_casecmp(base + n - 4, ".dat") == 0);
}

/* Charges an entry's declared size. The ratio is measured against the whole file (the
 * compressed bytes the data can come from), once the total is past NNX_ARCHIVE_RATIO_FLOOR;
 * a plain .tar is held to it too (only sparse entries unpack to more than they store). */
static nnx_status charge(const nnx_nnef_container *c, archive_budget *b, const char *name, int64_t size, nnx_error *err)
{
    if (size < 0)
        return entry_problem(c, name, "negative size", err);
    char where[NNX_NNEF_PATH_MAX + 160], shown_name[96];
    snprintf(where, sizeof where, "%s:%s", c->path, shown(name, shown_name, sizeof shown_name));
    uint64_t total;
    if (!nnx_add_u64(b->total, (uint64_t)size, &total) || total > b->max_total)
        return nnx_limit_error(err, NNX_LIMIT_ARCHIVE_BYTES, where,
                               "the archive unpacks to more than %llu bytes (%llu with this entry)",
                               (unsigned long long)b->max_total,
                               total < b->total ? (unsigned long long)UINT64_MAX : (unsigned long long)total);
    uint64_t cap;
    if (total > NNX_ARCHIVE_RATIO_FLOOR && nnx_mul_u64(b->file_size, b->ratio, &cap) && total > cap)
        return nnx_limit_error(err, NNX_LIMIT_ARCHIVE_RATIO, where,
                               "the archive unpacks to more than %u times its %llu bytes (%llu bytes with this entry)",
                               b->ratio, (unsigned long long)b->file_size, (unsigned long long)total);
    if ((uint64_t)size > SIZE_MAX)
        return entry_problem(c, name, "larger than this system's address space", err);
    b->total = total;
    return NNX_OK;
}

/* First buffer of an entry's data; it doubles (up to the declared size) as data arrives, so
 * memory follows the bytes really unpacked, not what a header claims. */
#define ENTRY_CHUNK ((size_t)16 << 20)

/* Out of memory for member name of archive path: its declared size named (engine E44). */
static nnx_status member_oom(nnx_error *err, const char *path, const char *name, size_t size)
{
    char shown_name[96];
    return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s:%s: error: out of memory for the member (%zu bytes)", path,
                         shown(name, shown_name, sizeof shown_name), size);
}

static nnx_status read_entry_data(nnx_nnef_container *c, struct archive *ar, const char *name, size_t size,
                                  uint8_t **out, nnx_error *err)
{
    *out = NULL;
    if (size == 0)
        return NNX_OK;
    size_t cap = size < ENTRY_CHUNK ? size : ENTRY_CHUNK;
    uint8_t *buf = nnx_mem_alloc(&c->alloc, cap);
    if (!buf)
        return member_oom(err, c->path, name, size);
    for (size_t got = 0; got < size;) {
        if (got == cap) {
            size_t grown = cap > size / 2 ? size : cap * 2;
            uint8_t *nb = nnx_mem_realloc(&c->alloc, buf, grown);
            if (!nb) {
                nnx_mem_free(&c->alloc, buf);
                return member_oom(err, c->path, name, size);
            }
            buf = nb;
            cap = grown;
        }
        la_ssize_t r = archive_read_data(ar, buf + got, cap - got);
        if (r <= 0) {
            nnx_mem_free(&c->alloc, buf);
            return r < 0 ? archive_failure(ar, c->path, err) : entry_problem(c, name, "truncated data", err);
        }
        got += (size_t)r;
    }
    *out = buf;
    return NNX_OK;
}

/* Reads a wanted regular entry into a new item; a second entry of the same name is an error. */
static nnx_status keep_entry(nnx_nnef_container *c, struct archive *ar, const char *name, size_t size, nnx_error *err)
{
    if (find_item(c, name))
        return entry_problem(c, name, "appears twice in the archive", err);
    uint8_t *data;
    nnx_status st = read_entry_data(c, ar, name, size, &data, err);
    item *it;
    if (st == NNX_OK && (st = add_item(c, nnx_mem_strdup(&c->alloc, name), &it, err)) != NNX_OK)
        nnx_mem_free(&c->alloc, data);
    if (st == NNX_OK)
        *it = (item){.path = it->path, .data = data, .size = size, .loaded = true};
    return st;
}

static nnx_status take_entry(nnx_nnef_container *c, struct archive *ar, struct archive_entry *e, archive_budget *b,
                             nnx_error *err)
{
    if (++b->entries > b->max_entries)
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                             "%s: error: archive has more than %u entries (limit max_entries)", c->path,
                             b->max_entries);
    const char *raw = archive_entry_pathname(e);
    if (!raw && !(raw = archive_entry_pathname_utf8(e)))
        return nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "%s: error: entry %u has no readable name", c->path,
                             b->entries);
    mode_t type = archive_entry_filetype(e);
    if (archive_entry_hardlink(e))
        return entry_problem(c, raw, "a hard link; only regular files and folders are allowed", err);
    if (type != AE_IFREG && type != AE_IFDIR)
        return entry_problem(c, raw, special_kind(type), err);
    char name[NNX_NNEF_PATH_MAX + 2];
    if (!normalize_entry(raw, type == AE_IFDIR, name, sizeof name))
        return entry_problem(c, raw, "unsafe name: path longer than 4095 bytes", err);
    if (type == AE_IFDIR && (!name[0] || strcmp(name, ".") == 0))
        return NNX_OK; /* the root itself */
    const char *why = relpath_problem(name);
    if (why) {
        char text[96];
        snprintf(text, sizeof text, "unsafe name: %s", why);
        return entry_problem(c, raw, text, err);
    }
    if (type == AE_IFDIR)
        return NNX_OK;
    if (!archive_entry_size_is_set(e))
        return entry_problem(c, raw, "no size", err);
    int64_t size = archive_entry_size(e);
    nnx_status st = charge(c, b, name, size, err);
    if (st != NNX_OK || !wanted(name))
        return st; /* libarchive skips unread data at the next header */
    return keep_entry(c, ar, name, (size_t)size, err);
}

static nnx_status read_archive(nnx_nnef_container *c, int fd, uint64_t file_size, const nnx_nnef_container_options *o,
                               nnx_error *err)
{
    struct archive *ar = archive_read_new();
    if (!ar)
        return oom(err, c->path);
    archive_budget b = {.max_total = o && o->max_bytes ? o->max_bytes : NNX_MAX_ARCHIVE_BYTES_DEFAULT,
                        .file_size = file_size,
                        .ratio = o && o->max_ratio ? o->max_ratio : NNX_MAX_ARCHIVE_RATIO_DEFAULT,
                        .max_entries = o && o->max_entries ? o->max_entries : NNX_NNEF_DEFAULT_MAX_ARCHIVE_ENTRIES};
    nnx_status st = NNX_OK;
    if (archive_read_support_filter_gzip(ar) != ARCHIVE_OK || archive_read_support_format_tar(ar) != ARCHIVE_OK ||
        archive_read_open_fd(ar, fd, 65536) != ARCHIVE_OK)
        st = archive_failure(ar, c->path, err);
    while (st == NNX_OK) {
        struct archive_entry *e;
        int r = archive_read_next_header(ar, &e);
        if (r == ARCHIVE_EOF)
            break;
        st = r < ARCHIVE_WARN ? archive_failure(ar, c->path, err) : take_entry(c, ar, e, &b, err);
    }
    archive_read_free(ar);
    return st;
}

#else
/* NNX_WITH_ARCHIVE=OFF (src/CMakeLists.txt): folders and lone graph.nnef files only. */
static nnx_status read_archive(nnx_nnef_container *c, int fd, uint64_t file_size, const nnx_nnef_container_options *o,
                               nnx_error *err)
{
    (void)fd, (void)file_size, (void)o;
    return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                         "%s: error: this libnnx was built without archive support (NNX_WITH_ARCHIVE=OFF): "
                         "it reads NNEF folders and graph.nnef files, not .tar or .tgz",
                         c->path);
}
#endif

/* `tar czf m.tgz model/`: every kept entry under one folder that holds graph.nnef, and no
 * graph.nnef at the root -> that folder becomes the root. */
static void strip_top_folder(nnx_nnef_container *c)
{
    if (!c->n_items || find_item(c, "graph.nnef"))
        return;
    const char *slash = strchr(c->items[0].path, '/');
    size_t n = slash ? (size_t)(slash - c->items[0].path) + 1 : 0;
    char top[NNX_NNEF_PATH_MAX + 16];
    if (!n || n + sizeof "graph.nnef" > sizeof top)
        return;
    memcpy(top, c->items[0].path, n);
    memcpy(top + n, "graph.nnef", sizeof "graph.nnef");
    for (uint32_t i = 0; i < c->n_items; i++)
        if (strncmp(c->items[i].path, top, n) != 0)
            return;
    if (!find_item(c, top))
        return;
    nnx_strmap_clear(&c->index.exact); /* the paths change in place: index them again */
    nnx_strmap_clear(&c->index.folded);
    for (uint32_t i = 0; i < c->n_items; i++) {
        char *p = c->items[i].path;
        memmove(p, p + n, strlen(p + n) + 1);
        index_put(&c->index, p, i);
    }
}

/* ------------------------------------------------------------------ opening */

static bool ends_with_ci(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && ascii_casecmp(s + n - m, suffix) == 0;
}

/* Reads up to size bytes from offset 0 without moving the file offset. */
static int read_head(int fd, uint8_t *buf, size_t size, size_t *got)
{
    *got = 0;
    while (*got < size) {
        ssize_t r = pread(fd, buf + *got, size - *got, (off_t)*got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return errno;
        if (r == 0)
            break;
        *got += (size_t)r;
    }
    return 0;
}

/* A magic-less (V7) tar header: its checksum field (octal at offset 148, POSIX ustar) equals
 * the byte sum of the 512-byte block with that field counted as spaces. */
static bool tar_checksum_ok(const uint8_t *head, size_t n)
{
    if (n < 512 || head[0] == 0)
        return false;
    unsigned long want = 0, sum = 0;
    size_t i = 148;
    while (i < 156 && head[i] == ' ')
        i++;
    if (i == 156 || head[i] < '0' || head[i] > '7')
        return false;
    for (; i < 156 && head[i] >= '0' && head[i] <= '7'; i++)
        want = want * 8 + (head[i] - '0');
    for (i = 0; i < 512; i++)
        sum += i >= 148 && i < 156 ? ' ' : head[i];
    return sum == want;
}

/* Decides the kind of a regular file from its first bytes (and, for magic-less old tar
 * files, its header checksum or its name). */
static nnx_status sniff(nnx_nnef_container *c, const uint8_t *head, size_t n, nnx_error *err)
{
    static const struct {
        const char *magic;
        size_t len;
        const char *name;
    } other[] = {{"BZh", 3, "bzip2"},
                 {"\xfd"
                  "7zXZ\0",
                  6, "xz"},
                 {"\x28\xb5\x2f\xfd", 4, "zstd"},
                 {"PK\x03\x04", 4, "zip"}};
    if (n >= 2 && head[0] == 0x1f && head[1] == 0x8b) {
        c->kind = NNX_NNEF_CONTAINER_TGZ;
        return NNX_OK;
    }
    for (size_t i = 0; i < sizeof other / sizeof other[0]; i++)
        if (n >= other[i].len && memcmp(head, other[i].magic, other[i].len) == 0)
            return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                                 "%s: error: %s archives are not supported (nnx reads folders, .tar and .tar.gz)",
                                 c->path, other[i].name);
    bool ustar = (n >= 262 && memcmp(head + 257, "ustar", 5) == 0) || tar_checksum_ok(head, n);
    bool tar_name = ends_with_ci(c->path, ".tar") || ends_with_ci(c->path, ".tgz") || ends_with_ci(c->path, ".tar.gz");
    c->kind = ustar || tar_name ? NNX_NNEF_CONTAINER_TAR : NNX_NNEF_CONTAINER_GRAPH_FILE;
    return NNX_OK;
}

static nnx_status open_file(nnx_nnef_container *c, const nnx_nnef_container_options *options, nnx_error *err)
{
    int fd;
    do
        fd = open(c->path, O_RDONLY | O_CLOEXEC | O_NONBLOCK); /* a FIFO must not block */
    while (fd < 0 && errno == EINTR);
    if (fd < 0)
        return io_error(err, c->path, "open", errno);
    struct stat sb; /* checked on the descriptor: the path may have changed since stat() */
    if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
        close(fd);
        return nnx_error_set(err, NNX_ERROR_IO, "%s: error: cannot open: not a regular file or a folder", c->path);
    }
    uint8_t head[512];
    size_t n;
    int e = read_head(fd, head, sizeof head, &n);
    nnx_status st = e ? io_error(err, c->path, "read", e) : sniff(c, head, n, err);
    if (st == NNX_OK && is_archive(c))
        st = read_archive(c, fd, (uint64_t)sb.st_size, options, err);
    close(fd);
    if (st == NNX_OK && is_archive(c))
        strip_top_folder(c);
    return st;
}

static nnx_status open_path(nnx_nnef_container *c, const nnx_nnef_container_options *options, nnx_error *err)
{
    struct stat sb;
    if (stat(c->path, &sb) != 0)
        return io_error(err, c->path, "open", errno);
    if (S_ISDIR(sb.st_mode)) {
        size_t n = strlen(c->path);
        while (n > 1 && c->path[n - 1] == '/')
            c->path[--n] = '\0'; /* "model/" -> "model", so joined paths read well */
        c->kind = NNX_NNEF_CONTAINER_FOLDER;
        return NNX_OK;
    }
    if (!S_ISREG(sb.st_mode))
        return nnx_error_set(err, NNX_ERROR_IO, "%s: error: cannot open: not a regular file or a folder", c->path);
    return open_file(c, options, err);
}

nnx_status nnx_nnef_container_open(const char *path, const nnx_nnef_container_options *options, const nnx_alloc *a,
                                   nnx_nnef_container **out, nnx_error *err)
{
    nnx_alloc libc;
    *out = NULL;
    if (!a && nnx_alloc_init(&libc, NULL))
        a = &libc;
    nnx_nnef_container *c = nnx_mem_calloc(a, 1, sizeof *c);
    if (!c)
        return oom(err, path);
    c->alloc = *a;
    c->path = nnx_mem_strdup(a, path);
    nnx_status st = c->path ? open_path(c, options, err) : oom(err, path);
    if (st == NNX_OK && !nnx_nnef_container_has(c, "graph.nnef"))
        st = nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "%s: error: no graph.nnef in the %s (NNEF 1.0.2 §5.1)",
                           c->path, is_archive(c) ? "archive" : "folder");
    if (st != NNX_OK) {
        nnx_nnef_container_close(c);
        return st;
    }
    *out = c;
    return NNX_OK;
}

/* ------------------------------------------------------------------ lookups */

/* root + "/" + rel (rel may be empty: the root). */
static nnx_status join(const nnx_nnef_container *c, const char *rel, char *full, nnx_error *err)
{
    int n = snprintf(full, FULL_PATH_MAX, "%s%s%s", c->path, rel[0] ? "/" : "", rel);
    if (n < 0 || n >= FULL_PATH_MAX)
        return io_error(err, c->path, "open a file inside", ENAMETOOLONG);
    return NNX_OK;
}

/* A folder's files must stay inside it once every symbolic link is resolved (E32): a w.dat
 * linked to /etc/hostname or to a file beside the folder is refused, naming the link. */
static nnx_status fs_load(nnx_nnef_container *c, item *it, nnx_error *err)
{
    char full[FULL_PATH_MAX];
    if (it->loaded)
        return NNX_OK;
    nnx_status st = c->kind == NNX_NNEF_CONTAINER_GRAPH_FILE ? NNX_OK : join(c, it->path, full, err);
    if (st == NNX_OK)
        st = c->kind == NNX_NNEF_CONTAINER_GRAPH_FILE
            ? nnx_file_map(c->path, &c->alloc, &it->view, err)
            : nnx_file_map_inside(c->path, it->path, &c->alloc, &it->view, err);
    if (st == NNX_OK) {
        it->data = it->view.data;
        it->size = it->view.size;
        it->loaded = true;
    }
    return st;
}

bool nnx_nnef_container_has(nnx_nnef_container *c, const char *relpath)
{
    char full[FULL_PATH_MAX];
    struct stat sb;
    nnx_error scratch = {0};
    if (relpath_problem(relpath))
        return false;
    if (is_archive(c))
        return find_item(c, relpath) != NULL;
    if (c->kind == NNX_NNEF_CONTAINER_GRAPH_FILE)
        return strcmp(relpath, "graph.nnef") == 0;
    const item *it = find_item(c, relpath);
    if (it && it->loaded)
        return true;
    return join(c, relpath, full, &scratch) == NNX_OK && stat(full, &sb) == 0 && S_ISREG(sb.st_mode);
}

nnx_status nnx_nnef_container_get(nnx_nnef_container *c, const char *relpath, const void **data, size_t *size,
                                  nnx_error *err)
{
    *data = NULL;
    *size = 0;
    nnx_status st = nnx_nnef_check_relpath(relpath, err);
    if (st != NNX_OK)
        return st;
    item *it = find_item(c, relpath);
    char buf[96];
    if (!it && is_archive(c))
        return nnx_error_set(err, NNX_ERROR_IO, "%s: error: '%s' not found in the archive", c->path,
                             shown(relpath, buf, sizeof buf));
    if (!it && c->kind == NNX_NNEF_CONTAINER_GRAPH_FILE && strcmp(relpath, "graph.nnef") != 0)
        return nnx_error_set(err, NNX_ERROR_IO, "%s: error: '%s' not found: a lone graph.nnef holds no other file",
                             c->path, shown(relpath, buf, sizeof buf));
    if (!it && (st = add_item(c, nnx_mem_strdup(&c->alloc, relpath), &it, err)) != NNX_OK)
        return st;
    if (!is_archive(c) && (st = fs_load(c, it, err)) != NNX_OK)
        return st;
    *data = it->data ? it->data : empty_bytes;
    *size = it->size;
    return NNX_OK;
}

static nnx_status ambiguous(const nnx_nnef_container *c, const char *want, const char *a, const char *b, nnx_error *err)
{
    char x[96], y[96], z[96];
    return nnx_error_set(err, NNX_ERROR_INVALID_MODEL,
                         "%s: error: '%s' and '%s' both match '%s' ignoring case (labels are case-insensitive, "
                         "NNEF 1.0.2 §4.1.2)",
                         c->path, shown(a, x, sizeof x), shown(b, y, sizeof y), shown(want, z, sizeof z));
}

static nnx_status archive_find(nnx_nnef_container *c, const char *rel, const char **out, nnx_error *err)
{
    uint32_t i, j;
    if (index_find(&c->index, c->items, sizeof(item), c->n_items, rel, false, &i, &j)) {
        *out = c->items[i].path;
        return NNX_OK;
    }
    uint32_t n = index_find(&c->index, c->items, sizeof(item), c->n_items, rel, true, &i, &j);
    if (n > 1)
        return ambiguous(c, rel, c->items[i].path, c->items[j].path, err);
    *out = n ? c->items[i].path : NULL;
    return NNX_OK;
}

/* The entry of folder dir_rel called name: as written if it exists, else the unique entry
 * equal to it ignoring ASCII case. *got is false when there is none. */
static nnx_status match_component(nnx_nnef_container *c, const char *dir_rel, const char *name, char *match, bool *got,
                                  nnx_error *err)
{
    char dir[FULL_PATH_MAX], probe[FULL_PATH_MAX], first[NAME_MAX_BYTES + 1] = "", other[NAME_MAX_BYTES + 1] = "";
    struct stat sb;
    *got = false;
    nnx_status st = join(c, dir_rel, dir, err);
    if (st != NNX_OK)
        return st;
    int n = snprintf(probe, sizeof probe, "%s/%s", dir, name);
    if (n > 0 && n < (int)sizeof probe && stat(probe, &sb) == 0) {
        *got = true;
        strcpy(match, name);
        return NNX_OK;
    }
    DIR *d = opendir(dir);
    if (!d)
        return errno == ENOENT || errno == ENOTDIR ? NNX_OK : io_error(err, dir, "list", errno);
    unsigned count = 0;
    for (struct dirent *de; (de = readdir(d)) != NULL;)
        if (strlen(de->d_name) <= NAME_MAX_BYTES && ascii_casecmp(de->d_name, name) == 0)
            strcpy(count++ ? other : first, de->d_name);
    closedir(d);
    if (count > 1)
        return ambiguous(c, name, first, other, err);
    *got = count == 1;
    strcpy(match, first);
    return NNX_OK;
}

/* Resolves rel under the folder one component at a time (match_component). */
static nnx_status resolve_ci(nnx_nnef_container *c, const char *rel, char *found, bool *ok, nnx_error *err)
{
    size_t len = 0;
    *ok = false;
    found[0] = '\0';
    for (const char *comp = rel; *comp;) {
        const char *end = strchr(comp, '/');
        size_t n = end ? (size_t)(end - comp) : strlen(comp);
        char name[NAME_MAX_BYTES + 1], match[NAME_MAX_BYTES + 1];
        memcpy(name, comp, n); /* n <= 255: rel passed relpath_problem */
        name[n] = '\0';
        bool got;
        nnx_status st = match_component(c, found, name, match, &got, err);
        if (st != NNX_OK || !got)
            return st;
        len += (size_t)sprintf(found + len, "%s%s", len ? "/" : "", match);
        comp = end ? end + 1 : comp + n;
    }
    *ok = nnx_nnef_container_has(c, found);
    return NNX_OK;
}

static nnx_status folder_find(nnx_nnef_container *c, const char *rel, const char **out, nnx_error *err)
{
    char found[NNX_NNEF_PATH_MAX + 1];
    bool ok = nnx_nnef_container_has(c, rel);
    nnx_status st = NNX_OK;
    if (ok)
        strcpy(found, rel);
    else if ((st = resolve_ci(c, rel, found, &ok, err)) != NNX_OK || !ok)
        return st;
    item *it = find_item(c, found);
    if (!it && (st = add_item(c, nnx_mem_strdup(&c->alloc, found), &it, err)) != NNX_OK)
        return st;
    *out = it->path;
    return NNX_OK;
}

nnx_status nnx_nnef_container_find_variable(nnx_nnef_container *c, const char *label, const char **relpath,
                                            nnx_error *err)
{
    char rel[NNX_NNEF_PATH_MAX + 1];
    *relpath = NULL;
    nnx_status st = nnx_nnef_label_path(label, rel, sizeof rel, err);
    if (st != NNX_OK || c->kind == NNX_NNEF_CONTAINER_GRAPH_FILE)
        return st;
    return is_archive(c) ? archive_find(c, rel, relpath, err) : folder_find(c, rel, relpath, err);
}

nnx_status nnx_nnef_container_get_variable(nnx_nnef_container *c, const char *label, const void **data, size_t *size,
                                           const char **relpath, nnx_error *err)
{
    const char *rel;
    char a[96], b[96];
    *data = NULL;
    *size = 0;
    if (relpath)
        *relpath = NULL;
    nnx_status st = nnx_nnef_container_find_variable(c, label, &rel, err);
    if (st != NNX_OK)
        return st;
    if (!rel)
        return nnx_error_set(err, NNX_ERROR_IO, "%s: error: no tensor file for variable '%s' (expected '%s.dat')",
                             c->path, shown(label, a, sizeof a), shown(label, b, sizeof b));
    if (relpath)
        *relpath = rel;
    return nnx_nnef_container_get(c, rel, data, size, err);
}

/* ------------------------------------------------------------------ writer */

nnx_status nnx_nnef_container_writer_create(const nnx_alloc *a, nnx_nnef_container_writer **out, nnx_error *err)
{
    nnx_alloc libc;
    if (!a && nnx_alloc_init(&libc, NULL))
        a = &libc;
    *out = nnx_mem_calloc(a, 1, sizeof **out);
    if (!*out)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "container writer: error: out of memory");
    (*out)->alloc = *a;
    return NNX_OK;
}

void nnx_nnef_container_writer_destroy(nnx_nnef_container_writer *w)
{
    if (!w)
        return;
    nnx_alloc a = w->alloc;
    for (uint32_t i = 0; i < w->n_files; i++) {
        nnx_mem_free(&a, w->files[i].path);
        nnx_mem_free(&a, w->files[i].data);
    }
    nnx_mem_free(&a, w->files);
    index_free(&w->index);
    nnx_mem_free(&a, w);
}

static nnx_status check_new_path(const nnx_nnef_container_writer *w, const char *relpath, nnx_error *err)
{
    uint32_t i, j;
    char x[96], y[96];
    nnx_status st = nnx_nnef_check_relpath(relpath, err);
    if (st != NNX_OK || !index_find(&w->index, w->files, sizeof(wfile), w->n_files, relpath, true, &i, &j))
        return st;
    if (strcmp(w->files[i].path, relpath) == 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "'%s': added twice", shown(relpath, x, sizeof x));
    return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                         "'%s' and '%s' differ only in case (labels are case-insensitive, NNEF 1.0.2 §4.1.2)",
                         shown(w->files[i].path, x, sizeof x), shown(relpath, y, sizeof y));
}

nnx_status nnx_nnef_container_writer_add_owned(nnx_nnef_container_writer *w, const char *relpath, void *data,
                                               size_t size, nnx_error *err)
{
    char x[96];
    nnx_status st = check_new_path(w, relpath, err);
    char *path = st == NNX_OK ? nnx_mem_strdup(&w->alloc, relpath) : NULL;
    if (st == NNX_OK &&
        (!path || !nnx_mem_reserve(&w->alloc, (void **)&w->files, &w->cap_files, w->n_files + 1, sizeof(wfile)) ||
         !index_reserve(&w->alloc, &w->index, w->n_files + 1)))
        st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "'%s': error: out of memory", shown(relpath, x, sizeof x));
    if (st != NNX_OK) {
        nnx_mem_free(&w->alloc, path);
        nnx_mem_free(&w->alloc, data);
        return st;
    }
    w->files[w->n_files] = (wfile){path, size ? data : NULL, size};
    if (!size)
        nnx_mem_free(&w->alloc, data);
    index_put(&w->index, path, w->n_files++);
    return NNX_OK;
}

nnx_status nnx_nnef_container_writer_add(nnx_nnef_container_writer *w, const char *relpath, const void *data,
                                         size_t size, nnx_error *err)
{
    char x[96];
    void *copy = size ? nnx_mem_alloc(&w->alloc, size) : NULL;
    if (size && !copy)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "'%s': error: out of memory", shown(relpath, x, sizeof x));
    if (size)
        memcpy(copy, data, size);
    return nnx_nnef_container_writer_add_owned(w, relpath, copy, size, err);
}

/* mkdir for every prefix of path ending before a '/' at or after from, and for path itself
 * when whole; existing folders are fine. A folder inside the output (from > 0) that is a
 * symbolic link is refused rather than followed: a file of the model must not land outside
 * the output folder. */
static nnx_status make_folders(char *path, size_t from, bool whole, nnx_error *err)
{
    for (size_t i = from ? from : 1;; i++) {
        char ch = path[i];
        if (ch != '/' && (ch != '\0' || !whole)) {
            if (!ch)
                return NNX_OK;
            continue;
        }
        path[i] = '\0';
        int e = mkdir(path, 0777) != 0 && errno != EEXIST ? errno : 0;
        struct stat sb;
        nnx_status st = e ? io_error(err, path, "create folder", e) : NNX_OK;
        if (st == NNX_OK && from && lstat(path, &sb) == 0 && S_ISLNK(sb.st_mode))
            st = nnx_error_set(err, NNX_ERROR_IO,
                               "%s: error: cannot write inside it: a symbolic link (not followed out of the output "
                               "folder)",
                               path);
        path[i] = ch;
        if (st != NNX_OK || !ch)
            return st;
    }
}

static nnx_status write_folder(nnx_nnef_container_writer *w, const char *root, nnx_error *err)
{
    char full[FULL_PATH_MAX];
    struct stat sb;
    size_t n = strlen(root);
    if (n == 0 || n >= FULL_PATH_MAX)
        return io_error(err, n ? root : "''", "create folder", n ? ENAMETOOLONG : ENOENT);
    memcpy(full, root, n + 1);
    nnx_status st = make_folders(full, 0, true, err);
    if (st == NNX_OK && (stat(root, &sb) != 0 || !S_ISDIR(sb.st_mode)))
        st = io_error(err, root, "create folder", ENOTDIR);
    /* every folder first (refusing symbolic links), so that a refusal writes no file */
    for (int pass = 0; pass < 2; pass++)
        for (uint32_t i = 0; st == NNX_OK && i < w->n_files; i++) {
            const wfile *f = &w->files[i];
            int len = snprintf(full, sizeof full, "%s/%s", root, f->path);
            if (len < 0 || len >= (int)sizeof full)
                return io_error(err, root, "write a file inside", ENAMETOOLONG);
            st = pass == 0 ? make_folders(full, n + 1, false, err)
                           : nnx_file_write_atomic(full, f->data ? f->data : empty_bytes, f->size, err);
        }
    return st;
}

#if NNX_WITH_ARCHIVE
/* An in-memory sink for libarchive's writer. */
typedef struct membuf {
    const nnx_alloc *alloc;
    uint8_t *data;
    size_t len, cap;
    bool oom;
} membuf;

static la_ssize_t membuf_write(struct archive *ar, void *user, const void *buf, size_t n)
{
    membuf *m = user;
    size_t need, cap = m->cap ? m->cap : 65536;
    if (!nnx_add_size(m->len, n, &need) || need > (size_t)INT64_MAX) {
        archive_set_error(ar, EFBIG, "archive too large");
        return -1;
    }
    while (cap < need)
        cap = cap > SIZE_MAX / 2 ? need : cap * 2;
    if (need > m->cap) {
        uint8_t *p = nnx_mem_realloc(m->alloc, m->data, cap);
        if (!p) {
            m->oom = true;
            archive_set_error(ar, ENOMEM, "out of memory");
            return -1;
        }
        m->data = p;
        m->cap = cap;
    }
    memcpy(m->data + m->len, buf, n);
    m->len = need;
    return (la_ssize_t)n;
}

static nnx_status write_failure(struct archive *ar, const membuf *m, const char *path, nnx_error *err)
{
    if (m->oom || archive_errno(ar) == ENOMEM)
        return oom(err, path);
    const char *why = archive_error_string(ar);
    return nnx_error_set(err, NNX_ERROR_IO, "%s: error: cannot write the archive: %s", path,
                         why ? why : "libarchive error");
}

static nnx_status write_entries(nnx_nnef_container_writer *w, struct archive *ar, const membuf *m, const char *path,
                                nnx_error *err)
{
    for (uint32_t i = 0; i < w->n_files; i++) {
        const wfile *f = &w->files[i];
        struct archive_entry *e = archive_entry_new();
        if (!e)
            return oom(err, path);
        archive_entry_set_pathname(e, f->path);
        archive_entry_set_size(e, (la_int64_t)f->size);
        archive_entry_set_filetype(e, AE_IFREG);
        archive_entry_set_perm(e, 0644);
        archive_entry_set_mtime(e, 0, 0);
        bool ok = archive_write_header(ar, e) == ARCHIVE_OK &&
            (!f->size || archive_write_data(ar, f->data, f->size) == (la_ssize_t)f->size);
        archive_entry_free(e);
        if (!ok)
            return write_failure(ar, m, path, err);
    }
    return NNX_OK;
}

static nnx_status write_archive(nnx_nnef_container_writer *w, const char *path, bool gzip, nnx_error *err)
{
    struct archive *ar = archive_write_new();
    if (!ar)
        return oom(err, path);
    membuf m = {&w->alloc, NULL, 0, 0, false};
    bool ok = archive_write_set_format_pax_restricted(ar) == ARCHIVE_OK &&
        (!gzip ||
         (archive_write_add_filter_gzip(ar) == ARCHIVE_OK &&
          archive_write_set_options(ar, "gzip:!timestamp") == ARCHIVE_OK)) &&
        archive_write_open2(ar, &m, NULL, membuf_write, NULL, NULL) == ARCHIVE_OK;
    nnx_status st = ok ? write_entries(w, ar, &m, path, err) : write_failure(ar, &m, path, err);
    if (st == NNX_OK && archive_write_close(ar) != ARCHIVE_OK)
        st = write_failure(ar, &m, path, err);
    archive_write_free(ar);
    if (st == NNX_OK)
        st = nnx_file_write_atomic(path, m.data ? m.data : empty_bytes, m.len, err);
    nnx_mem_free(&w->alloc, m.data);
    return st;
}

#else
static nnx_status write_archive(nnx_nnef_container_writer *w, const char *path, bool gzip, nnx_error *err)
{
    return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                         "%s: error: this libnnx was built without archive support (NNX_WITH_ARCHIVE=OFF): "
                         "it writes NNEF as a folder, not as .tar or .tgz",
                         path);
}
#endif

nnx_status nnx_nnef_container_writer_write(nnx_nnef_container_writer *w, const char *path,
                                           nnx_nnef_container_format format, nnx_error *err)
{
    if (format == NNX_NNEF_FORMAT_AUTO)
        format = ends_with_ci(path, ".tgz") || ends_with_ci(path, ".tar.gz") ? NNX_NNEF_FORMAT_TGZ
            : ends_with_ci(path, ".tar")                                     ? NNX_NNEF_FORMAT_TAR
                                                                             : NNX_NNEF_FORMAT_FOLDER;
    switch (format) {
    case NNX_NNEF_FORMAT_FOLDER: return write_folder(w, path, err);
    case NNX_NNEF_FORMAT_TAR: return write_archive(w, path, false, err);
    case NNX_NNEF_FORMAT_TGZ: return write_archive(w, path, true, err);
    default:
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s: error: unknown container format %d", path,
                             (int)format);
    }
}
