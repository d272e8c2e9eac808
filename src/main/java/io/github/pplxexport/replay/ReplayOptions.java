package io.github.pplxexport.replay;

import java.nio.file.Path;
import java.util.Objects;

/**
 * How to run a {@link ReplayServer}. Build with {@link #of(Path)} and the {@code with*} methods.
 *
 * @param archive    archive directory to serve
 * @param port       TCP port on 127.0.0.1; 0 picks a free one
 * @param pageSize   items per thread page
 * @param account    session account and library filter, or null (see {@link ReplayApi})
 * @param email      session e-mail, or null
 * @param faults     injected faults
 * @param requestLog JSON-lines request log file, or null for none
 * @param strictAuth answer like the platform: API calls without a known session get 401, another
 *                   account's thread 403 (see {@link ReplayApi}); false is the open mode of the demo
 * @param askChunkMillis the pause between two events of an ask's stream ({@link AskReplay})
 */
public record ReplayOptions(Path archive, int port, int pageSize, String account, String email,
                            FaultPlan faults, Path requestLog, boolean strictAuth, long askChunkMillis) {
    public static final int DEFAULT_PAGE_SIZE = 5;
    /** An ask streams over ~1.5 s: 6 pauses between its 7 events. */
    public static final long DEFAULT_ASK_CHUNK_MILLIS = 250;

    public ReplayOptions(Path archive, int port, int pageSize, String account, String email,
                         FaultPlan faults, Path requestLog, boolean strictAuth) {
        this(archive, port, pageSize, account, email, faults, requestLog, strictAuth, DEFAULT_ASK_CHUNK_MILLIS);
    }

    public ReplayOptions {
        Objects.requireNonNull(archive, "archive");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be 0-65535, got " + port);
        }
        if (pageSize < 1) {
            throw new IllegalArgumentException("page size must be at least 1, got " + pageSize);
        }
        faults = faults == null ? FaultPlan.NONE : faults;
        if (askChunkMillis < 0) {
            throw new IllegalArgumentException("ask chunk pause must be >= 0 ms, got " + askChunkMillis);
        }
    }

    public static ReplayOptions of(Path archive) {
        return new ReplayOptions(archive, 0, DEFAULT_PAGE_SIZE, null, null, FaultPlan.NONE, null, false);
    }

    public ReplayOptions withPort(int p) {
        return new ReplayOptions(archive, p, pageSize, account, email, faults, requestLog, strictAuth, askChunkMillis);
    }

    public ReplayOptions withPageSize(int size) {
        return new ReplayOptions(archive, port, size, account, email, faults, requestLog, strictAuth, askChunkMillis);
    }

    public ReplayOptions withAccount(String name, String mail) {
        return new ReplayOptions(archive, port, pageSize, name, mail, faults, requestLog, strictAuth, askChunkMillis);
    }

    public ReplayOptions withFaults(FaultPlan plan) {
        return new ReplayOptions(archive, port, pageSize, account, email, plan, requestLog, strictAuth, askChunkMillis);
    }

    public ReplayOptions withRequestLog(Path file) {
        return new ReplayOptions(archive, port, pageSize, account, email, faults, file, strictAuth, askChunkMillis);
    }

    public ReplayOptions withStrictAuth(boolean strict) {
        return new ReplayOptions(archive, port, pageSize, account, email, faults, requestLog, strict, askChunkMillis);
    }

    public ReplayOptions withAskChunkMillis(long millis) {
        return new ReplayOptions(archive, port, pageSize, account, email, faults, requestLog, strictAuth, millis);
    }
}
