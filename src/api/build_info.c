/* build_info.c — what this libnnx and the machine it runs on offer, for `nnx --version` and
 * bug reports (include/nnx.h, "version"): the kernel level in use, the default number of
 * worker threads, and the model formats the build reads. */
#include "api/model_format.h"
#include "base/pool.h"
#include "cpu/features.h"

#include <pthread.h>
#include <string.h>

const char *nnx_kernel_level(void)
{
    return nnx_cpu_level_env_error() ? NULL : nnx_cpu_level_name(nnx_cpu_level_get());
}

uint32_t nnx_default_threads(void) { return nnx_pool_resolve_threads(0); }

static char formats[64];
static pthread_once_t formats_once = PTHREAD_ONCE_INIT;

static void list_formats(void)
{
    size_t n = 0;
    for (unsigned i = 0; i < nnx_model_format_count; i++) {
        const char *name = nnx_model_formats[i].name;
        if ((!NNX_WITH_ONNX && strcmp(name, "onnx") == 0) || (!NNX_WITH_NNVM && strcmp(name, "nnvm") == 0))
            continue; /* a row whose front end was left out of the build only refuses */
        size_t k = strlen(name);
        if (n + k + 2 > sizeof formats)
            break; /* four names of four letters fit many times over */
        if (n)
            formats[n++] = ' ';
        memcpy(formats + n, name, k);
        n += k;
    }
    formats[n] = '\0';
}

const char *nnx_formats(void)
{
    pthread_once(&formats_once, list_formats);
    return formats;
}
