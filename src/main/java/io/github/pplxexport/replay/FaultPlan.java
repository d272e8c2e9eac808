package io.github.pplxexport.replay;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Reproducible fault injection for the replay server.
 *
 * <p>Grammar ({@code --faults}): comma-separated rules, whitespace ignored.
 * <pre>
 * spec    = rule *("," rule)
 * rule    = kind "@" when                     the when-th request(s) get this fault
 *         | mark ":" uuid                     a standing property of one thread or asset
 *         | "rate:" p [":" kind] [":seed=" n] each request gets kind (default 500) with probability p
 * when    = N | N "-" M                       1-based request numbers, counted over all requests
 * kind    = 400..599                          that status with {"error_code":"..."} (429 adds Retry-After: 1)
 *         | "cloudflare"                      403 HTML "Just a moment..." page, header cf-mitigated: challenge
 *         | "truncated"                       200 declaring the real body's length, the connection closed after half of it
 *         | "reset"                           200 chunked, the connection dropped after half the body (no last chunk)
 *         | "malformed"                       200, a body that is not JSON
 *         | "slow:" millis                    the real answer, sent after millis ms
 * mark    = "expired"      thread uuid        every fetch: 400 {"error_code":"ENTRY_EXPIRED"}; still listed
 *         | "deleted"      thread uuid        every fetch: 400 {"error_code":"ENTRY_DELETED"}; not listed
 *         | "unlisted"     thread uuid        not listed, but fetched normally (a false deletion candidate)
 *         | "sibling"      sibling uuid       the answer variant named by an entry's side_by_side_metadata
 *                                             is served (200) instead of 403 VIEW_THREAD_NOT_ALLOWED
 *         | "url-expired"  asset uuid         the asset's signed URLs answer 403 AccessDenied, except a
 *                                             fresh one from GET /rest/assets/&lt;uuid&gt;/data
 *         | "asset-gone"   asset uuid         every URL of it 403 AccessDenied, /data 404 ASSET_NOT_FOUND
 *         | "drift-answer" thread uuid        the platform changed its payload ({@link PayloadDrift}): each FINAL
 *                                             step's answer moved to content.answer_v2
 *         | "drift-step"   thread uuid        its plain steps (but the query and FINAL) of type WEB_BROWSE_V2
 *         | "drift-blocks" thread uuid        its schematized entries' block list under blocks_v2
 *         | "drift-turn"   thread uuid        its last turn dropped (a follow-up deleted on the platform)
 * session = "session-cloudflare"              the session check (GET /api/auth/session) answers a Cloudflare challenge
 * </pre>
 * The ask endpoint's rules ({@code ask-status:}, {@code ask-drop@}, {@code ask-stall:}, {@code fresh-404:}) are
 * {@link AskFaults}'.
 * Example: {@code 429@2,500@3-4,cloudflare@5,slow:3000@6,expired:<uuid>,rate:0.1:429:seed=42}.
 * Precedence for one request: a numbered rule, then the first rate rule that fires, then the marks.
 * The rate draw depends only on (seed, request number), never on timing, so the same run always
 * gets the same faults; the default seed is 0.
 */
public final class FaultPlan {
    public static final FaultPlan NONE = new FaultPlan(List.of(), List.of(), Set.of(), AskFaults.NONE, false, "");
    private static final String SESSION_CLOUDFLARE = "session-cloudflare";

    /** The standing properties a {@code mark:uuid} rule gives a thread, sibling or asset. */
    public enum Mark {
        EXPIRED("expired"), DELETED("deleted"), UNLISTED("unlisted"), SIBLING("sibling"),
        URL_EXPIRED("url-expired"), ASSET_GONE("asset-gone"),
        DRIFT_ANSWER("drift-answer"), DRIFT_STEP("drift-step"), DRIFT_BLOCKS("drift-blocks"), DRIFT_TURN("drift-turn");

        private final String prefix;

        Mark(String name) {
            this.prefix = name + ":";
        }

        /** The rule's name in the grammar, e.g. {@code url-expired}. */
        public String ruleName() {
            return prefix.substring(0, prefix.length() - 1);
        }

        static Optional<Mark> ofRule(String lowerCaseRule) {
            for (Mark m : values()) {
                if (lowerCaseRule.startsWith(m.prefix)) {
                    return Optional.of(m);
                }
            }
            return Optional.empty();
        }
    }

    private record Marked(Mark mark, String uuid) {
    }

    private final List<Numbered> numbered;
    private final List<Rate> rates;
    private final Set<Marked> marks;
    private final AskFaults asks;
    private final boolean sessionChallenged;
    private final String spec;

    private FaultPlan(List<Numbered> numbered, List<Rate> rates, Set<Marked> marks, AskFaults asks,
                      boolean sessionChallenged, String spec) {
        this.numbered = numbered;
        this.rates = rates;
        this.marks = marks;
        this.asks = asks;
        this.sessionChallenged = sessionChallenged;
        this.spec = spec;
    }

    /** Parses a spec; null or blank means no faults. Throws IllegalArgumentException naming the bad rule. */
    public static FaultPlan parse(String spec) {
        if (spec == null || spec.isBlank()) {
            return NONE;
        }
        List<Numbered> numbered = new ArrayList<>();
        List<Rate> rates = new ArrayList<>();
        Set<Marked> marks = new LinkedHashSet<>();
        AskFaults asks = AskFaults.NONE;
        boolean sessionChallenged = false;
        for (String raw : spec.split(",")) {
            String rule = raw.replaceAll("\\s+", "");
            if (rule.isEmpty()) {
                continue;
            }
            try {
                String lower = rule.toLowerCase(Locale.ROOT);
                Optional<Mark> mark = Mark.ofRule(lower);
                if (lower.equals(SESSION_CLOUDFLARE)) {
                    sessionChallenged = true;
                } else if (AskFaults.isRule(lower)) {
                    asks = asks.with(rule);     // the ask endpoint's rules: applied by AskReplay
                } else if (mark.isPresent()) {
                    String uuid = rule.substring(mark.get().prefix.length());
                    require(!uuid.isEmpty(), "missing uuid");
                    marks.add(new Marked(mark.get(), uuid));
                } else if (lower.startsWith("rate:")) {
                    rates.add(Rate.parse(rule.substring("rate:".length())));
                } else {
                    numbered.add(Numbered.parse(rule));
                }
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("bad fault rule '" + rule + "': " + e.getMessage(), e);
            }
        }
        return new FaultPlan(List.copyOf(numbered), List.copyOf(rates), Set.copyOf(marks), asks, sessionChallenged,
                spec.strip());
    }

    /** The ask endpoint's rules of the spec ({@link AskFaults#NONE} when it has none). */
    AskFaults asks() {
        return asks;
    }

    /** The fault for the n-th request (1-based), if any. */
    public Optional<Fault> forRequest(long n) {
        for (Numbered r : numbered) {
            if (n >= r.from && n <= r.to) {
                return Optional.of(r.fault);
            }
        }
        for (Rate r : rates) {
            if (r.fires(n)) {
                return Optional.of(r.fault);
            }
        }
        return Optional.empty();
    }

    /** Whether a rule {@code <mark>:<uuid>} was given. */
    public boolean has(Mark mark, String uuid) {
        return marks.contains(new Marked(mark, uuid));
    }

    /** The drift marks given for this thread (empty when its payload keeps its shape). */
    public Set<Mark> drifts(String uuid) {
        Set<Mark> found = java.util.EnumSet.noneOf(Mark.class);
        for (Mark m : List.of(Mark.DRIFT_ANSWER, Mark.DRIFT_STEP, Mark.DRIFT_BLOCKS, Mark.DRIFT_TURN)) {
            if (has(m, uuid)) {
                found.add(m);
            }
        }
        return found;
    }

    /** Whether the session check answers a Cloudflare challenge ({@code session-cloudflare}). */
    public boolean sessionChallenged() {
        return sessionChallenged;
    }

    /** {@code ENTRY_DELETED} / {@code ENTRY_EXPIRED} when this thread is marked gone (deleted wins, as in the client). */
    public Optional<String> terminalFor(String uuid) {
        if (has(Mark.DELETED, uuid)) {
            return Optional.of("ENTRY_DELETED");
        }
        return has(Mark.EXPIRED, uuid) ? Optional.of("ENTRY_EXPIRED") : Optional.empty();
    }

    /** Whether the library listing shows this thread: a deleted thread leaves the library, so does an unlisted one. */
    public boolean listed(String uuid) {
        return !has(Mark.DELETED, uuid) && !has(Mark.UNLISTED, uuid);
    }

    public boolean isEmpty() {
        return numbered.isEmpty() && rates.isEmpty() && marks.isEmpty() && !sessionChallenged;
    }

    @Override
    public String toString() {
        return spec;
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }

    private static long number(String s, String what) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " '" + s + "' is not a number");
        }
    }

    /** A fault that one request suffers. */
    public record Fault(Kind kind, int status, long millis) {
        public enum Kind { STATUS, CLOUDFLARE, TRUNCATED, MALFORMED, SLOW, RESET }

        static Fault parse(String text) {
            String t = text.toLowerCase(Locale.ROOT);
            switch (t) {
                case "cloudflare":
                    return new Fault(Kind.CLOUDFLARE, 403, 0);
                case "truncated":
                    return new Fault(Kind.TRUNCATED, 200, 0);
                case "malformed":
                    return new Fault(Kind.MALFORMED, 200, 0);
                case "reset":
                    return new Fault(Kind.RESET, 200, 0);
                default:
                    break;
            }
            if (t.startsWith("slow:")) {
                long ms = number(t.substring("slow:".length()), "delay");
                require(ms >= 0, "delay must be >= 0");
                return new Fault(Kind.SLOW, 0, ms);
            }
            require(t.matches("\\d{3}"), "unknown fault kind (use 400-599, cloudflare, truncated, reset, malformed, slow:MS)");
            int status = Integer.parseInt(t);
            require(status >= 400 && status <= 599, "status must be 400-599");
            return new Fault(Kind.STATUS, status, 0);
        }

        /** Short name for the request log, e.g. {@code 429}, {@code cloudflare}, {@code slow:3000}. */
        public String label() {
            return switch (kind) {
                case STATUS -> Integer.toString(status);
                case SLOW -> "slow:" + millis;
                default -> kind.name().toLowerCase(Locale.ROOT);
            };
        }
    }

    private record Numbered(long from, long to, Fault fault) {
        static Numbered parse(String rule) {
            int at = rule.lastIndexOf('@');
            require(at > 0 && at < rule.length() - 1, "expected <kind>@<N> or <kind>@<N>-<M>");
            String when = rule.substring(at + 1);
            int dash = when.indexOf('-');
            long from = number(dash < 0 ? when : when.substring(0, dash), "request number");
            long to = dash < 0 ? from : number(when.substring(dash + 1), "request number");
            require(from >= 1 && to >= from, "request numbers start at 1 and ranges go upwards");
            return new Numbered(from, to, Fault.parse(rule.substring(0, at)));
        }
    }

    private record Rate(double probability, long seed, Fault fault) {
        static Rate parse(String args) {
            List<String> parts = new ArrayList<>(List.of(args.split(":")));
            double p;
            try {
                p = Double.parseDouble(parts.remove(0));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("expected rate:<probability>[:<kind>][:seed=<n>]");
            }
            require(p >= 0 && p <= 1, "probability must be within 0..1");
            long seed = 0;
            if (!parts.isEmpty() && parts.get(parts.size() - 1).toLowerCase(Locale.ROOT).startsWith("seed=")) {
                seed = number(parts.remove(parts.size() - 1).substring("seed=".length()), "seed");
            }
            Fault fault = parts.isEmpty() ? new Fault(Fault.Kind.STATUS, 500, 0) : Fault.parse(String.join(":", parts));
            return new Rate(p, seed, fault);
        }

        boolean fires(long n) {
            // one independent draw per (seed, request number): reproducible whatever the timing
            return new SplittableRandom(seed * 0x9E3779B97F4A7C15L + n).nextDouble() < probability;
        }
    }
}
