/* A plain C N-queens counter: bitboards, mirror symmetry, recursion.
 * The benchmark suite compiles it with gcc -O2 as the "physical limit" reference for
 * the numba kernel (same algorithm). Usage: queens_count N  ->  prints "count cpu-seconds".
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static long long walk(int n, unsigned long long full, unsigned long long cols,
                      unsigned long long left, unsigned long long right, int row) {
    if (row == n) return 1;
    long long count = 0;
    unsigned long long free = full & ~(cols | left | right);
    while (free) {
        unsigned long long bit = free & (~free + 1);
        free ^= bit;
        count += walk(n, full, cols | bit, ((left | bit) << 1) & full, (right | bit) >> 1,
                      row + 1);
    }
    return count;
}

static long long count_queens(int n) {
    if (n == 0) return 1;
    if (n == 1) return 1;
    unsigned long long full = (1ULL << n) - 1;
    long long total = 0;
    int half = n / 2;
    for (int c = 0; c < half; c++) {
        unsigned long long bit = 1ULL << c;
        total += 2 * walk(n, full, bit, (bit << 1) & full, bit >> 1, 1);
    }
    if (n % 2 == 1) { /* first queen in the middle, second in the left half */
        unsigned long long mid = 1ULL << half;
        unsigned long long cols = mid, left = (mid << 1) & full, right = mid >> 1;
        unsigned long long free = full & ~(cols | left | right) & ((1ULL << half) - 1);
        while (free) {
            unsigned long long bit = free & (~free + 1);
            free ^= bit;
            total += 2 * walk(n, full, cols | bit, ((left | bit) << 1) & full,
                              (right | bit) >> 1, 2);
        }
    }
    return total;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s N\n", argv[0]);
        return 2;
    }
    int n = atoi(argv[1]);
    struct timespec a, b;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
    long long count = count_queens(n);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
    printf("%lld %.6f\n", count, (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9);
    return 0;
}
