package io.github.pplxexport.api;

/**
 * A failed Perplexity API request, classified per reference-behaviour.md §7.1. The subclasses say what
 * the pipeline does next: retry with backoff ({@link #retryable()}), stop the run, mark the thread
 * terminal, or record the failure and go on with the next thread.
 */
public class ApiException extends RuntimeException {
    private final int status;

    public ApiException(String message, int status) {
        super(message);
        this.status = status;
    }

    public ApiException(String message, int status, Throwable cause) {
        super(message, cause);
        this.status = status;
    }

    /** The HTTP status, or 0 when no response arrived. */
    public int status() {
        return status;
    }

    /** 429, 5xx and network failures are retried with backoff; nothing else is. */
    public boolean retryable() {
        return false;
    }

    /** 429 Too Many Requests: back off and retry. */
    public static class RateLimited extends ApiException {
        public RateLimited(String message) {
            super(message, 429);
        }

        @Override
        public boolean retryable() {
            return true;
        }
    }

    /** 500/502/503/504: back off and retry (504 is a common Cloudflare blip). */
    public static class ServerError extends ApiException {
        public ServerError(String message, int status) {
            super(message, status);
        }

        @Override
        public boolean retryable() {
            return true;
        }
    }

    /** No response (connection refused, reset, timeout): back off and retry. */
    public static class Network extends ApiException {
        public Network(String message, Throwable cause) {
            super(message, 0, cause);
        }

        @Override
        public boolean retryable() {
            return true;
        }
    }

    /** 401/403 from the API: the cookie is dead or the account cannot see this; three in a row abort a batch. */
    public static class Auth extends ApiException {
        public Auth(String message, int status) {
            super(message, status);
        }
    }

    /** A Cloudflare challenge page (HTML where JSON was expected): stop with a clear message. */
    public static class CloudflareChallenge extends ApiException {
        public CloudflareChallenge(String message, int status) {
            super(message, status);
        }
    }

    /** 403 VIEW_THREAD_NOT_ALLOWED: this uuid is not visible to the account (e.g. an answer-variant sibling). */
    public static class NotAllowed extends ApiException {
        public NotAllowed(String message) {
            super(message, 403);
        }
    }

    /** 400 ENTRY_EXPIRED: purged by the platform, terminal, never retried. */
    public static class EntryExpired extends ApiException {
        public EntryExpired(String message) {
            super(message, 400);
        }
    }

    /** 400 ENTRY_DELETED: deleted by the user, terminal, never retried. Checked before expired. */
    public static class EntryDeleted extends EntryExpired {
        public EntryDeleted(String message) {
            super(message);
        }
    }
}
