# Reading ahead of a walk over a document that is no longer in the CPU's caches.
#
# A page parsed a while ago (a batch parsed first, then extracted) lives in main memory:
# each node the walk reaches is a cache miss, and a walk that only follows pointers waits
# for one miss after another (most of a first walk's time on the article-benchmark pages:
# docs/benchmarks.md, "Extraction speed"). lexbor allocates a document's nodes and
# attributes from one arena, and its texts and attribute values from another, each in
# the order the parser creates them: document order. So the memory a walk reads next lies
# just past what it reads now, and asking for the next few kilobytes of each arena ahead
# of the walk turns the chain of misses into loads that overlap. A prefetch is only a
# hint: it never faults, whatever the address, and changes no result.

cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define TURBOHTML_PREFETCH(address) __builtin_prefetch((const void *)(address))
    #else
    #define TURBOHTML_PREFETCH(address) ((void)(address))
    #endif
    """
    void TURBOHTML_PREFETCH(size_t address) noexcept nogil


cdef enum:
    CACHE_LINE = 64
    READ_AHEAD = 2048   # bytes of an arena asked for ahead of the walk (best of 1-8 kB measured)


ctypedef struct ReadAhead:
    size_t frontier     # the last cache line asked for (0: none yet)


cdef inline void read_ahead_start(ReadAhead *ahead) noexcept nogil:
    ahead.frontier = 0


cdef inline void read_ahead(ReadAhead *ahead, const void *at) noexcept nogil:
    """Ask for the cache lines up to READ_AHEAD bytes past ``at`` that are not asked for
    yet. A jump (a skipped subtree, the arena's next chunk) starts the window again at
    ``at``; an address behind the window asks for nothing."""
    cdef size_t line = <size_t>at & ~(<size_t>CACHE_LINE - 1)
    cdef size_t target = line + READ_AHEAD
    if ahead.frontier + READ_AHEAD < target or target + 2 * READ_AHEAD < ahead.frontier:
        ahead.frontier = line
    while ahead.frontier < target:
        ahead.frontier += CACHE_LINE
        TURBOHTML_PREFETCH(ahead.frontier)
