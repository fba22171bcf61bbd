#include "NapkinMainExecutorHook.h"

#if defined(_WIN32) || defined(__wasi__) || __has_feature(ptrauth_calls)

bool napkin_main_executor_install(const void *identity, uintptr_t implementation) {
  (void)identity;
  (void)implementation;
  return false;
}

#else

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

// The runtime's SerialExecutorRef: a heap object and its witness table with kind bits.
typedef struct {
  const void *identity;
  uintptr_t implementation;
} ExecutorRef;

typedef __attribute__((swiftcall)) ExecutorRef (*GetMainOriginal)(void);
typedef __attribute__((swiftcall)) ExecutorRef (*GetMainHook)(GetMainOriginal original);
typedef __attribute__((swiftcall)) bool (*IsMainOriginal)(ExecutorRef executor);
typedef __attribute__((swiftcall)) bool (*IsMainHook)(ExecutorRef executor, IsMainOriginal original);

// Written once, before the hooks that read them are set, and never again.
static ExecutorRef installed;
static bool didInstall;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static const void *pendingIdentity;
static uintptr_t pendingImplementation;

static __attribute__((swiftcall)) ExecutorRef getMain(GetMainOriginal original) {
  (void)original;
  return installed;
}

static __attribute__((swiftcall)) bool isMain(ExecutorRef executor, IsMainOriginal original) {
  if (executor.identity == installed.identity) return true;
  // The runtime's own main executor stays the main actor's for jobs queued before the install.
  return original(executor);
}

static void install(void) {
  GetMainHook *getHook = (GetMainHook *)dlsym(RTLD_DEFAULT, "swift_task_getMainExecutor_hook");
  IsMainHook *isHook = (IsMainHook *)dlsym(RTLD_DEFAULT, "swift_task_isMainExecutor_hook");
  if (getHook == NULL || isHook == NULL) return;
  // Another library's main executor is left alone.
  if (*getHook != NULL || *isHook != NULL) return;
  installed.identity = pendingIdentity;
  installed.implementation = pendingImplementation;
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  __atomic_store_n(isHook, &isMain, __ATOMIC_SEQ_CST);
  __atomic_store_n(getHook, &getMain, __ATOMIC_SEQ_CST);
  didInstall = true;
}

bool napkin_main_executor_install(const void *identity, uintptr_t implementation) {
  if (identity == NULL) return false;
  pendingIdentity = identity;
  pendingImplementation = implementation;
  pthread_once(&once, install);
  return didInstall;
}

#endif
