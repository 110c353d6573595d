/* cpu-features: does the processor run an instruction set? For the x86-64
 * plugins that choose their code at run time (fast, pattern).
 *
 * The C library's answer (glibc 2.33 and later, sys/platform/x86.h) was
 * found when the process started. GCC's __builtin_cpu_supports links
 * libgcc's probe into each plugin that uses it, and the probe runs CPUID a
 * dozen times when the plugin loads: about 0.1 ms on a virtual machine,
 * where each CPUID traps to the hypervisor. GCC's check stays the fallback
 * where the C library has no answer. */
#ifndef SUDOKIT_CPU_FEATURES_H
#define SUDOKIT_CPU_FEATURES_H

#if defined(__has_include)
#if __has_include(<sys/platform/x86.h>)
#include <sys/platform/x86.h>

/* Whether feature index (x86_cpu_NAME) is active. The header's own
 * CPU_FEATURE_ACTIVE shifts a signed 1 left by the feature's bit, which is
 * undefined for bit 31 (AVX512VL); this reads the same array with an
 * unsigned shift. */
static inline int ski_cpu_feature_active(unsigned index)
{
    const unsigned bits = 8 * sizeof(unsigned);
    const struct cpuid_feature *leaf = __x86_get_cpuid_feature_leaf(index / (bits * 4));
    unsigned reg = index % (bits * 4);
    return (leaf->active_array[reg / bits] >> (reg % bits)) & 1u;
}

/* SK_CPU_HAS(AVX2, "avx2"): the feature's names in glibc and in GCC. */
#define SK_CPU_HAS(glibc_name, gcc_name) ski_cpu_feature_active(x86_cpu_##glibc_name)
#endif
#endif

#ifndef SK_CPU_HAS
#define SK_CPU_HAS(glibc_name, gcc_name) (__builtin_cpu_init(), __builtin_cpu_supports(gcc_name))
#endif

#endif /* SUDOKIT_CPU_FEATURES_H */
