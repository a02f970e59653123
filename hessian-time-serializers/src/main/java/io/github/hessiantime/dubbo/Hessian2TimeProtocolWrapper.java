package io.github.hessiantime.dubbo;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.extension.Wrapper;
import org.apache.dubbo.rpc.Exporter;
import org.apache.dubbo.rpc.Invocation;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.Protocol;
import org.apache.dubbo.rpc.ProtocolServer;
import org.apache.dubbo.rpc.Result;
import org.apache.dubbo.rpc.RpcException;
import org.apache.dubbo.rpc.protocol.InvokerWrapper;

import java.util.List;

/**
 * A {@code Protocol} wrapper (Dubbo wraps every protocol with it, outermost) that makes what a provider advertises
 * safe for every consumer and lets consumers with the jar read it back, see {@link TripleAdvertisement}:
 * <ul>
 *   <li>export: the service URL a provider exports and registers, directly or through a registry (whose URL carries
 *       the service URL as its {@code export} attribute), never lists {@code hessian2-time} first where a consumer
 *       may read it for Triple; the offer moves to hessian-time's marker parameter;</li>
 *   <li>refer: a {@code dubbo} reference to a provider URL with the marker negotiates over the provider's whole list
 *       ({@link NegotiatingReference}), so a consumer with the jar still sends id 26.</li>
 * </ul>
 * Calls themselves never go through it (it acts when a service is exported or referred).
 *
 * <p>Refuses to load where hessian2-time does not exist (Dubbo 2.7, a broken class path), see
 * {@link Hessian2TimeSupport}: Dubbo then uses its protocols unwrapped, exactly as without the jar. Where only Triple
 * support is off ({@link TripleSupport}), exports are still made safe, without the marker, and references are passed
 * on unchanged.
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
            URL fixedService = advertisement(url).advertise(service);
            fixed = fixedService == service ? url : url.putAttribute(EXPORT_KEY, fixedService);
        } else {
            fixed = advertisement(url).advertise(url);
        }
        Invoker<T> export = fixed == url ? invoker : new InvokerWrapper<>(invoker, fixed);
        if (TripleSupport.UNAVAILABLE == null && TripleAdvertisement.carriesTripleCalls(fixed)) {
            export = new AnsweringInvoker<>(export, fixed.getOrDefaultFrameworkModel().getBeanFactory()
                    .getOrRegisterBean(TripleCallFormats.class));
        }
        return protocol.export(export);
    }

    @Override
    public <T> Invoker<T> refer(Class<T> type, URL url) throws RpcException {
        if (TripleSupport.UNAVAILABLE != null || !"dubbo".equals(url.getProtocol())) {
            return protocol.refer(type, url);
        }
        return NegotiatingReference.refer(protocol, type, url);
    }

    @Override
    public void destroy() {
        protocol.destroy();
    }

    @Override
    public List<ProtocolServer> getServers() {
        return protocol.getServers();
    }

    /**
     * The exported invoker of a Triple service: tells {@link TripleCallFormats} which call the thread is running, so
     * that a response packed in that thread goes out in its own request's format.
     */
    private static final class AnsweringInvoker<T> extends InvokerWrapper<T> {
        private final TripleCallFormats formats;

        AnsweringInvoker(Invoker<T> invoker, TripleCallFormats formats) {
            super(invoker, invoker.getUrl());
            this.formats = formats;
        }

        @Override
        public Result invoke(Invocation invocation) throws RpcException {
            formats.answering(invocation);
            return super.invoke(invocation);
        }
    }

    private static TripleAdvertisement advertisement(URL url) {
        return url.getOrDefaultFrameworkModel().getBeanFactory().getOrRegisterBean(TripleAdvertisement.class);
    }
}
