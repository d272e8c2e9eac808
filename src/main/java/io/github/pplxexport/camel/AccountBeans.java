package io.github.pplxexport.camel;

import io.github.pplxexport.account.AccountDiscovery;
import io.github.pplxexport.account.AccountSwitch;
import io.github.pplxexport.account.LoginCache;
import io.github.pplxexport.api.ApiCookie;
import io.github.pplxexport.cookies.CookieSource;
import io.github.pplxexport.export.ExportSettings;
import io.github.pplxexport.space.SpaceIndex;
import io.github.pplxexport.space.SpaceMeta;
import io.github.pplxexport.space.SpaceRequests;
import io.github.pplxexport.usage.CreditUsage;
import org.apache.camel.BeanInject;
import org.apache.camel.BindToRegistry;
import org.apache.camel.CamelConfiguration;
import org.apache.camel.CamelContext;
import org.apache.camel.PropertyInject;

/**
 * The beans of the cookie sources, account switching, {@code init}, spaces and credit usage (issue 19), bound like
 * {@link PplxBeans}' (lazily: they build on its {@code apiCookie} and {@code exportSettings}).
 */
public class AccountBeans implements CamelConfiguration {
    /** The name of the cookies the command line resolved ({@link CookieSource}), bound before the start. */
    public static final String COOKIE_SOURCE = "cookieSource";

    @PropertyInject("pplx.pacing.page-delay-ms")
    long pageDelay;

    private AccountSwitch accounts;

    @BindToRegistry(lazy = true)
    public synchronized AccountSwitch accountSwitch(@BeanInject("apiCookie") ApiCookie cookie,
                                                    @BeanInject("exportSettings") ExportSettings settings) {
        if (accounts == null) {
            accounts = new AccountSwitch(cookie, settings.config());
        }
        return accounts;
    }

    @BindToRegistry(lazy = true)
    public AccountDiscovery initAccounts(@BeanInject("apiCookie") ApiCookie cookie,
                                         @BeanInject("exportSettings") ExportSettings settings) {
        return new AccountDiscovery(cookie, settings.out(), settings.clock());
    }

    /** The requests of the shared space routes (get-space, create-space), whichever command sends them. */
    @BindToRegistry(lazy = true)
    public SpaceRequests spaceRequests() {
        return new SpaceRequests();
    }

    @BindToRegistry(lazy = true)
    public SpaceIndex spaceIndex(@BeanInject("exportSettings") ExportSettings settings) {
        return new SpaceIndex(settings.out());
    }

    @BindToRegistry(lazy = true)
    public SpaceMeta spaceMeta(@BeanInject("exportSettings") ExportSettings settings) {
        return new SpaceMeta(settings.out(), settings.clock());
    }

    /** usage-backfill: 3 s between threads (pplx.pacing.page-delay-ms, the API pace of reference §8.1). */
    @BindToRegistry(lazy = true)
    public CreditUsage creditUsage(@BeanInject("exportSettings") ExportSettings settings,
                                   @BeanInject("pipeline") PipelineStop pipeline) {
        return new CreditUsage(settings.out(), pageDelay, pipeline, settings.clock());
    }

    @BindToRegistry(lazy = true)
    public LoginCache cookieCache(@BeanInject("apiCookie") ApiCookie cookie,
                                  @BeanInject("exportSettings") ExportSettings settings, CamelContext context) {
        CookieSource resolved = context.getRegistry().lookupByNameAndType(COOKIE_SOURCE, CookieSource.class);
        return new LoginCache(settings.out(), resolved != null && resolved.cacheable(), cookie,
                accountSwitch(cookie, settings), settings.clock());
    }
}
