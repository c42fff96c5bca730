import com.unboundid.scim2.client.ScimService;
import com.unboundid.scim2.common.exceptions.ScimException;
import com.unboundid.scim2.common.filters.Filter;
import com.unboundid.scim2.common.messages.ListResponse;
import com.unboundid.scim2.common.types.Email;
import com.unboundid.scim2.common.types.Name;
import com.unboundid.scim2.common.types.ResourceTypeResource;
import com.unboundid.scim2.common.types.SchemaResource;
import com.unboundid.scim2.common.types.ServiceProviderConfigResource;
import com.unboundid.scim2.common.types.UserResource;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.client.ClientRequestFilter;
import java.util.List;

/**
 * A user's life driven by Ping Identity's (UnboundID's) SCIM 2 SDK client, a client we did not
 * write: {@code SCIM_TOKEN=<bearer token> java -cp "<jars>/*" ScimSdkRun.java <SCIM base URL> <userName>}.
 * Prints one JSON line per step: whether the SDK's call returned what the step checks, or the
 * SCIM error the SDK raised (its status, scimType and detail as the SDK parsed them).
 */
public class ScimSdkRun {
  interface Step {
    String run() throws Exception;
  }

  public static void main(String[] args) throws Exception {
    String base = args[0];
    String token = System.getenv("SCIM_TOKEN");
    String userName = args[1];
    Client client = ClientBuilder.newClient()
        // The JDK's HttpURLConnection knows no PATCH; Jersey's documented workaround sends it.
        .property("jersey.config.client.httpUrlConnection.setMethodWorkaround", true)
        .register((ClientRequestFilter) request ->
            request.getHeaders().putSingle("Authorization", "Bearer " + token));
    ScimService scim = new ScimService(client.target(base));
    UserResource[] user = new UserResource[1];

    step("service provider config", () -> {
      ServiceProviderConfigResource config = scim.getServiceProviderConfig();
      return "patch=" + config.getPatch().isSupported() + " etag=" + config.getEtag().isSupported()
          + " bulk=" + config.getBulk().isSupported();
    });
    step("resource types", () -> {
      ListResponse<ResourceTypeResource> types = scim.getResourceTypes();
      ResourceTypeResource first = types.getResources().get(0);
      return types.getTotalResults() + " " + first.getName() + " " + first.getEndpoint();
    });
    step("schemas", () -> {
      ListResponse<SchemaResource> schemas = scim.getSchemas();
      return schemas.getTotalResults() + " " + schemas.getResources().get(0).getId();
    });
    step("create", () -> {
      UserResource asked = new UserResource().setUserName(userName);
      asked.setExternalId("sdk-" + userName);
      asked.setName(new Name().setGivenName("Barbara").setFamilyName("Jensen"));
      asked.setEmails(List.of(
          new Email().setValue(userName + "@example.com").setType("work").setPrimary(true)));
      user[0] = scim.create("Users", asked);
      return user[0].getUserName() + " " + user[0].getName().getFormatted() + " version="
          + (user[0].getMeta().getVersion() != null);
    });
    String id = user[0] == null ? "none" : user[0].getId();
    step("retrieve by id", () -> scim.retrieve("Users", id, UserResource.class).getUserName());
    step("search by filter", () -> {
      ListResponse<UserResource> found = scim.searchRequest("Users")
          .filter(Filter.eq("userName", userName)).invoke(UserResource.class);
      return found.getTotalResults() + " " + found.getResources().get(0).getId().equals(id);
    });
    step("search by POST .search", () -> {
      ListResponse<UserResource> found = scim.searchRequest("Users")
          .filter(Filter.sw("userName", userName.substring(0, 8))).page(1, 10)
          .invokePost(UserResource.class);
      return found.getTotalResults() + " " + found.getItemsPerPage();
    });
    step("replace with If-Match", () -> {
      UserResource current = scim.retrieve("Users", id, UserResource.class);
      current.setDisplayName("Babs Jensen");
      user[0] = scim.replaceRequest(current).ifMatch().invoke();
      return user[0].getDisplayName();
    });
    step("modify active false with If-Match", () -> {
      UserResource current = scim.retrieve("Users", id, UserResource.class);
      UserResource modified = scim.modifyRequest(current).ifMatch()
          .replaceValue("active", false).invoke();
      return "active=" + modified.getActive();
    });
    step("modify with a stale If-Match", () -> {
      UserResource stale = user[0];
      stale.setNickName("stale");
      return scim.replaceRequest(stale).ifMatch().invoke().getNickName();
    });
    step("delete", () -> {
      scim.delete("Users", id);
      return "deleted";
    });
    step("retrieve deleted", () -> scim.retrieve("Users", id, UserResource.class).getId());
  }

  private static void step(String name, Step step) {
    String outcome;
    try {
      outcome = "\"ok\":true,\"result\":" + quote(step.run());
    } catch (ScimException e) {
      outcome = "\"ok\":false,\"status\":" + e.getScimError().getStatus() + ",\"scimType\":"
          + quote(e.getScimError().getScimType()) + ",\"detail\":"
          + quote(e.getScimError().getDetail());
    } catch (Exception e) {
      outcome = "\"ok\":false,\"exception\":" + quote(e.toString());
    }
    System.out.println("{\"step\":" + quote(name) + "," + outcome + "}");
  }

  private static String quote(String text) {
    if (text == null) return "null";
    StringBuilder quoted = new StringBuilder("\"");
    for (char c : text.toCharArray()) {
      if (c == '"' || c == '\\') quoted.append('\\').append(c);
      else if (c < 0x20) quoted.append(String.format("\\u%04x", (int) c));
      else quoted.append(c);
    }
    return quoted.append('"').toString();
  }
}
