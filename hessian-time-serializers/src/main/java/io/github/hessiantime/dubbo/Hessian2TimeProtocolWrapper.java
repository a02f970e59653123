package io.github.hessiantime.dubbo;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.extension.Wrapper;
import org.apache.dubbo.rpc.Exporter;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.Protocol;
import org.apache.dubbo.rpc.ProtocolServer;
import org.apache.dubbo.rpc.RpcException;
import org.apache.dubbo.rpc.protocol.InvokerWrapper;

import java.util.List;

/**
 * A {@code Protocol} wrapper (Dubbo wraps every protocol with it, outermost) that keeps {@code hessian2-time} on the
 * dubbo protocol, see {@link DubboProtocolOnly}: what a non-dubbo service URL exports and registers (directly or
 * through a registry, whose URL carries the service URL as its {@code export} attribute), and what a consumer with
 * the jar uses towards a non-dubbo provider URL. Calls themselves never go through it.
 *
 * <p>Refuses to load where hessian2-time does not exist (Dubbo 2.7, a broken class path), see
 * {@link Hessian2TimeSupport}: Dubbo then uses its protocols unwrapped, exactly as without the jar.
 */
@Wrapper(order = Integer.MIN_VALUE) // outside every wrapper of Dubbo (the lowest of theirs is MIN_VALUE + 1000)
public class Hessian2TimeProtocolWrapper implements Protocol {

    static {
        if (Hessian2TimeSupport.UNAVAILABLE != null) {
            throw new IllegalStateException(Hessian2TimeSupport.UNAVAILABLE);
        }
    }

    // the attribute of a registry URL that holds the service URL to export (RegistryProtocol's EXPORT_KEY)
    private static final String EXPORT_KEY = "export";

    private final Protocol protocol;

    public Hessian2TimeProtocolWrapper(Protocol protocol) {
        this.protocol = protocol;
    }

    @Override
    public int getDefaultPort() {
        return protocol.getDefaultPort();
    }

    @Override
    public <T> Exporter<T> export(Invoker<T> invoker) throws RpcException {
        URL url = invoker.getUrl();
        Object exported = url.getAttribute(EXPORT_KEY);
        URL fixed;
        if (exported instanceof URL) {
            URL service = (URL) exported;
            URL fixedService = guard(url).withoutHessian2Time(service, true);
            fixed = fixedService == service ? url : url.putAttribute(EXPORT_KEY, fixedService);
        } else {
            fixed = guard(url).withoutHessian2Time(url, true);
        }
        return protocol.export(fixed == url ? invoker : new InvokerWrapper<>(invoker, fixed));
    }

    @Override
    public <T> Invoker<T> refer(Class<T> type, URL url) throws RpcException {
        return protocol.refer(type, url.getAttribute("refer") != null ? url : guard(url).withoutHessian2Time(url, false));
    }

    @Override
    public void destroy() {
        protocol.destroy();
    }

    @Override
    public List<ProtocolServer> getServers() {
        return protocol.getServers();
    }

    private static DubboProtocolOnly guard(URL url) {
        return url.getOrDefaultFrameworkModel().getBeanFactory().getOrRegisterBean(DubboProtocolOnly.class);
    }
}
