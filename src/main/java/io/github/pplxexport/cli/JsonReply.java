package io.github.pplxexport.cli;

import io.github.pplxexport.json.PyJson;

import java.util.Map;
import java.util.function.Function;

/** A command that is one route call whose answer is printed as one line of JSON on stdout (mark-read, space-create). */
final class JsonReply {
    private JsonReply() {
    }

    /** The session check, then {@code request} (built for the account) sent to {@code endpoint}; its answer printed. */
    static int print(PplxExportCli parent, PacingOption pacing, String endpoint, Function<String, Object> request) {
        OnlineRun run = OnlineRun.prepare(parent.global, parent.global.skipAuthCheck, pacing.properties());
        Map<?, ?> result = run.run(endpoint, request, Map.class);
        System.out.println(PyJson.compact(result));
        return PplxExportCli.EXIT_OK;
    }
}
