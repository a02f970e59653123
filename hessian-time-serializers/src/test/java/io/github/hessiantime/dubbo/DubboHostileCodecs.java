package io.github.hessiantime.dubbo;

import io.github.hessiantime.HostileBeansProbe;
import io.github.hessiantime.HostileDtos;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.serialize.ObjectOutput;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.common.utils.SerializeCheckStatus;
import org.apache.dubbo.common.utils.SerializeSecurityManager;
import org.apache.dubbo.rpc.model.FrameworkModel;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;

/**
 * {@link HostileBeansProbe}'s codecs through Dubbo's Serialization SPI, as a provider reads a request: a framework
 * under STRICT class checks with only the application's DTO classes allowed, an untyped {@code readObject()}.
 */
final class DubboHostileCodecs {
    private DubboHostileCodecs() {
    }

    /** {@code hessian2-time} (id 26). */
    public static final class Hessian2Time extends Codec {
        public Hessian2Time() {
            super(Hessian2TimeSerialization.NAME);
        }
    }

    /** Stock {@code hessian2} (id 2): the control. */
    public static final class Hessian2 extends Codec {
        public Hessian2() {
            super("hessian2");
        }
    }

    abstract static class Codec implements HostileBeansProbe.Codec {
        private final Serialization serialization;
        private final URL url;

        Codec(String name) {
            FrameworkModel framework = new FrameworkModel();
            SerializeSecurityManager security = framework.getBeanFactory().getBean(SerializeSecurityManager.class);
            security.setCheckStatus(SerializeCheckStatus.STRICT);
            security.addToAllowed(HostileDtos.class.getName());
            this.serialization = framework.getExtensionLoader(Serialization.class).getExtension(name);
            this.url = URL.valueOf("dubbo://127.0.0.1:20880/Hostile").setScopeModel(framework.newApplication());
        }

        @Override
        public byte[] write(Object value) throws Exception {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            ObjectOutput output = serialization.serialize(url, bytes);
            output.writeObject(value);
            output.flushBuffer();
            return bytes.toByteArray();
        }

        @Override
        public Object read(byte[] bytes) throws Exception {
            return serialization.deserialize(url, new ByteArrayInputStream(bytes)).readObject();
        }
    }
}
