package io.github.hessiantime.dubbo;

import org.apache.dubbo.common.extension.Activate;
import org.apache.dubbo.rpc.Exporter;
import org.apache.dubbo.rpc.ExporterListener;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.InvokerListener;
import org.apache.dubbo.rpc.RpcException;
import org.apache.dubbo.rpc.model.FrameworkModel;

/**
 * Tells {@link SerializationStatus} which services this application exports and which provider addresses it calls,
 * with the URL Dubbo uses for each: Dubbo calls every exporter and invoker listener when a protocol exports a service
 * or refers to one provider (and again when it unexports or destroys it), with the final URL, after
 * {@link Hessian2TimeProtocolWrapper} kept hessian2-time off non-dubbo protocols. Registered for both listener
 * extension points; it never changes what it is told about.
 *
 * <p>Refuses to load where hessian2-time does not exist, like every extension of the jar ({@link Hessian2TimeSupport}).
 */
@Activate
public class Hessian2TimeServiceListener implements ExporterListener, InvokerListener {

    static {
        Hessian2TimeSupport.requireAvailable();
    }

    private final SerializationStatus status;

    public Hessian2TimeServiceListener(FrameworkModel framework) {
        this.status = framework.getBeanFactory().getBean(SerializationStatus.class);
    }

    @Override
    public void exported(Exporter<?> exporter) throws RpcException {
        if (status != null) {
            status.exported(exporter.getInvoker().getUrl());
        }
    }

    @Override
    public void unexported(Exporter<?> exporter) {
        if (status != null) {
            status.unexported(exporter.getInvoker().getUrl());
        }
    }

    @Override
    public void referred(Invoker<?> invoker) throws RpcException {
        if (status != null) {
            status.referred(invoker.getUrl());
        }
    }

    @Override
    public void destroyed(Invoker<?> invoker) {
        if (status != null) {
            status.destroyed(invoker.getUrl());
        }
    }
}
