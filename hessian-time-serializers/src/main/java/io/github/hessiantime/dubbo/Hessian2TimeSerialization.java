package io.github.hessiantime.dubbo;

import io.github.hessiantime.hessian.ser.Hessian2OutputPool;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.serialize.ObjectInput;
import org.apache.dubbo.common.serialize.ObjectOutput;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.rpc.model.FrameworkModel;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.ref.WeakReference;

/**
 * Dubbo serialization {@code hessian2-time}: Dubbo's {@code hessian2} (same streams, same class checks, one factory
 * per class loader) whose factories also write java.time values in hessian-time's compact format.
 *
 * <p>Its streams are only ever read by hessian-time, so they carry java.time values in the compact format's
 * unreferenced framing ({@code JavaTimeSerializerFactory.compactUnreferenced()}), written ahead of hessian-lite's own
 * serializer lookup (see {@link Hessian2TimeObjectOutput}).
 *
 * <p>Only peers that advertise {@code hessian2-time} (a provider's {@code prefer-serialization}) are sent it; the
 * response goes back in the request's format. Everyone else keeps talking plain {@code hessian2}.
 *
 * <p>Where hessian2-time cannot work (Dubbo 2.7; a class path where our codecs do not link), this class refuses to
 * load, see {@link Hessian2TimeSupport}: Dubbo then has no {@code hessian2-time} extension at all, exactly as
 * without the jar.
 */
public class Hessian2TimeSerialization implements Serialization {

    static {
        if (Hessian2TimeSupport.UNAVAILABLE != null) {
            throw new IllegalStateException(Hessian2TimeSupport.UNAVAILABLE);
        }
    }

    /** The extension name, as used in {@code prefer-serialization}. */
    public static final String NAME = "hessian2-time";

    /**
     * The id in the 5 serialization bits of every dubbo-protocol header. Dubbo 3.3.6 and its extensions use
     * 2 3 4 6 7 8 9 10 11 12 16 18 21 22 23 25 27 28 31; 26 is free.
     */
    public static final byte CONTENT_TYPE_ID = 26;

    @Override
    public byte getContentTypeId() {
        return CONTENT_TYPE_ID;
    }

    @Override
    public String getContentType() {
        return "x-application/hessian2-time";
    }

    @Override
    public ObjectOutput serialize(URL url, OutputStream output) throws IOException {
        Hessian2TimeFactoryManager manager = manager(url);
        ClassLoader classLoader = Thread.currentThread().getContextClassLoader();
        Hessian2OutputPool pool = manager.outputPool(classLoader);
        return pool != null ? new Hessian2TimeObjectOutput(output, pool)
                : new Hessian2TimeObjectOutput(output, manager.getSerializerFactory(classLoader), manager.timeFactory());
    }

    @Override
    public ObjectInput deserialize(URL url, InputStream input) throws IOException {
        return new Hessian2TimeObjectInput(input, manager(url).hessian2Manager());
    }

    // The last framework whose manager was looked up, with that manager: Dubbo makes one instance of this extension
    // per framework, so nearly every message finds its own here instead of in the bean factory (a key object and a
    // map lookup per message, two per round trip). Both weakly held: Dubbo's CodecSupport keeps the default
    // framework's extensions in static maps after that framework is gone, and this must not keep it alive.
    private volatile KnownManager known;

    // Like hessian2: the factories of the URL's framework (the default one when there is no URL), the bean that
    // framework holds. Hessian2TimeScopeModelInitializer registers it when a framework starts; registering here is
    // only the fallback for a framework created without it.
    private Hessian2TimeFactoryManager manager(URL url) {
        FrameworkModel framework = url != null ? url.getOrDefaultFrameworkModel() : FrameworkModel.defaultModel();
        KnownManager last = known;
        if (last != null && last.framework.get() == framework && !framework.isDestroyed()) {
            Hessian2TimeFactoryManager manager = last.manager.get();
            if (manager != null) {
                return manager;
            }
        }
        Hessian2TimeFactoryManager manager = framework.getBeanFactory().getBean(Hessian2TimeFactoryManager.class);
        if (manager == null) {
            manager = framework.getBeanFactory().getOrRegisterBean(Hessian2TimeFactoryManager.class);
        }
        known = new KnownManager(framework, manager);
        return manager;
    }

    private static final class KnownManager {
        final WeakReference<FrameworkModel> framework;
        final WeakReference<Hessian2TimeFactoryManager> manager;

        KnownManager(FrameworkModel framework, Hessian2TimeFactoryManager manager) {
            this.framework = new WeakReference<>(framework);
            this.manager = new WeakReference<>(manager);
        }
    }
}
