package io.github.pplxexport.browse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Products and a workflow step of the hostile thread that try to run script, to fetch from another host
 * ({@code elsewhere}) or to leave their frame: none may succeed on the thread page.
 */
final class HostileProducts {
    private HostileProducts() {
    }

    static void plant(Path dir, String elsewhere) throws IOException {
        Path files = Files.createDirectories(dir.resolve("assets/files"));
        Files.writeString(files.resolve("evil.html"), """
                <!DOCTYPE html><html><head>
                <meta http-equiv="refresh" content="0;url=%1$s/html-refresh">
                <link rel="stylesheet" href="%1$s/html-css">
                <script src="%1$s/html-script.js"></script>
                </head><body><h1>hostile page</h1>
                <script>window.pwned = 'html'; try { parent.pwned = 'html'; top.pwned = 'html'; } catch (e) {} alert('html');
                fetch('%1$s/html-fetch');</script>
                <img src="%1$s/html-img" onerror="parent.pwned='html-onerror'">
                <div style="background: url(%1$s/html-style)">styled</div>
                <form action="%1$s/html-form"><input name="q" value="x"><button id="go">go</button></form>
                <iframe src="%1$s/html-frame"></iframe>
                <a href="%1$s/html-link" target="_top" id="leave">leave</a> <a href="%1$s/html-away" id="away">away</a>
                </body></html>
                """.formatted(elsewhere), StandardCharsets.UTF_8);
        Files.writeString(files.resolve("evil.svg"), """
                <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" id="evil" width="40" height="40"
                     onload="window.pwned='svg-onload'; alert('svg')">
                <script>window.pwned = 'svg'; alert('svg'); fetch('%1$s/svg-fetch');</script>
                <image href="%1$s/svg-image" width="10" height="10"/>
                <rect width="40" height="40" fill="#c33"/>
                </svg>
                """.formatted(elsewhere), StandardCharsets.UTF_8);
        Files.writeString(files.resolve("evil.csv"), """
                name,formula,html
                a,"=HYPERLINK(""%1$s/csv-link"",""click"")","<script>window.pwned='csv'</script>"
                b,=1+2,"<img src=%1$s/csv-img onerror=""window.pwned='csv-img'"">"
                """.formatted(elsewhere), StandardCharsets.UTF_8);
        Files.writeString(files.resolve("evil.md"), """
                # A hostile note

                <script>window.pwned='md'</script> ![pixel](%1$s/md-img) [x](javascript:window.pwned='md-link')
                """.formatted(elsewhere), StandardCharsets.UTF_8);
        Files.writeString(files.resolve("evil.py"), "print('</code></pre><script>window.pwned=\"py\"</script>')\n", StandardCharsets.UTF_8);
        Files.writeString(files.resolve("report.pdf"), """
                %PDF-1.4
                1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj
                2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj
                3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj
                trailer<</Root 1 0 R>>
                %%EOF
                """, StandardCharsets.US_ASCII);
        Path turns = Files.createDirectories(dir.resolve("turns"));
        Files.writeString(turns.resolve("turn_0001.md"), """
                # Turn 1 — 2026-01-01 10:00 UTC

                ## Query

                Show me

                ## 工作过程（1 步骤 · WORKFLOW_COMPLETED）

                ### 步骤 1 · <img src="%1$s/step-img" onerror="window.pwned='step'"> <script>window.pwned='step'</script>

                <script>window.pwned='step-body'</script> ![p](%1$s/step-body-img)

                ## Answer

                ok
                """.formatted(elsewhere), StandardCharsets.UTF_8);
    }
}
