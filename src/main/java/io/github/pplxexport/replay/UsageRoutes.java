package io.github.pplxexport.replay;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code GET /rest/billing/credits/thread-usage?thread_id=<context_uuid>} (reference-behaviour.md §1.7): the
 * credits a thread cost, {@code {"usage_cents", "meter_usage": [{"meter_type", "cost_cents"}]}}, made up from the
 * archived thread so that they are stable: 2 cents a turn of {@code search_queries}, plus 25 a turn of
 * {@code reasoning} for the other modes. A uuid that is no thread's {@code psc_uuid} (an entryUUID, for one), or
 * another account's thread in strict mode, answers 403 {@code thread_usage_forbidden}, as the platform does.
 */
final class UsageRoutes {
    static final String PATH = "/rest/billing/credits/thread-usage";

    private UsageRoutes() {
    }

    static boolean handles(String path) {
        return path.equals(PATH);
    }

    static ReplayResponse answer(ReplayRequest request, String caller, boolean strict, ReplayArchive archive)
            throws IOException {
        if (!request.method().equals("GET")) {
            return ReplayResponse.error(405, "METHOD_NOT_ALLOWED");
        }
        String id = String.valueOf(QueryString.first(request.query(), "thread_id"));
        Optional<ThreadRecord> thread = archive.library(null).stream()
                .filter(t -> id.equals(SpaceRoutes.contextUuid(t))).findFirst();
        if (thread.isEmpty() || (strict && !thread.get().author().equals(caller))) {
            return ReplayResponse.error(403, "thread_usage_forbidden");
        }
        int turns = Math.max(1, J.list(Json.read(thread.get().rawEntries()), "entries").size());
        List<Object> meters = new ArrayList<>();
        meters.add(meter("search_queries", 2 * turns));
        int cents = 2 * turns;
        if (!thread.get().mode().equals("search")) {
            meters.add(meter("reasoning", 25 * turns));
            cents += 25 * turns;
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("usage_cents", cents);
        body.put("meter_usage", meters);
        return ReplayResponse.json(200, body);
    }

    private static Map<String, Object> meter(String type, int cents) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("meter_type", type);
        m.put("cost_cents", cents);
        return m;
    }
}
