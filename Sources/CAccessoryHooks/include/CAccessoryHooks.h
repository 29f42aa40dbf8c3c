#ifndef C_ACCESSORY_HOOKS_H
#define C_ACCESSORY_HOOKS_H

#include <stddef.h>
#include <stdint.h>

// The stock command line's entry for `@main` widgets and bundles, defined by the
// LockscreendCLI module. Weak: a program that does not link that module sees a null
// address here instead of failing to link, and is told what to add.
void lockscreend_widget_main(void) __attribute__((weak));

/// Runs the stock command line when it is linked in (never returns then); 0 when not.
static inline int accessory_run_widget_main(void) {
    if (lockscreend_widget_main) {
        lockscreend_widget_main();
        return 1;
    }
    return 0;
}

/// One `#Preview` of the program, as the macro's expansion places it in the
/// `lockscreend_previews` section: a tag and a function that makes the preview value
/// in the memory it is given.
struct accessory_preview_record {
    uint32_t tag;
    void (*make)(void *out);
};

// The linker's bounds of that section; weak, so a program without previews links.
extern const struct accessory_preview_record __start_lockscreend_previews[] __attribute__((weak));
extern const struct accessory_preview_record __stop_lockscreend_previews[] __attribute__((weak));

/// The program's preview records and their count (0 when it has none).
static inline const struct accessory_preview_record *accessory_preview_records(size_t *count) {
    if (!__start_lockscreend_previews || !__stop_lockscreend_previews) {
        *count = 0;
        return NULL;
    }
    *count = (size_t)(__stop_lockscreend_previews - __start_lockscreend_previews);
    return __start_lockscreend_previews;
}

/// One Core Data model of the program, as the CoreDataModelGeneration plugin's code
/// places it in the `lockscreend_models` section: a tag and a function that makes the
/// model in the memory it is given.
struct accessory_model_record {
    uint32_t tag;
    void (*make)(void *out);
};

extern const struct accessory_model_record __start_lockscreend_models[] __attribute__((weak));
extern const struct accessory_model_record __stop_lockscreend_models[] __attribute__((weak));

/// The program's model records and their count (0 when it has none).
static inline const struct accessory_model_record *accessory_model_records(size_t *count) {
    if (!__start_lockscreend_models || !__stop_lockscreend_models) {
        *count = 0;
        return NULL;
    }
    *count = (size_t)(__stop_lockscreend_models - __start_lockscreend_models);
    return __start_lockscreend_models;
}

#endif
