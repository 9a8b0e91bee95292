import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  CURRENCIES,
  LIMITS,
  LISTING_TYPES,
  MAP,
  MESSAGES,
  PROPERTY_TYPES,
  TIMINGS,
  WINDOW_EVENTS,
  type ListingRead,
  type MediaItem,
} from '@manzil/shared';
import { ApiError, getToken } from '../../../api/client';
import { forgetDraftPhotos, keepDraftPhotos, readDraftPhotos } from '../../../app/offline/draft-photos';
import { savedAtText } from '../../../app/offline/snapshot';
import { usePageTitle } from '../../../components/usePageTitle';
import { RejectionReasonText } from '../../../components/RejectionReasonText';
import { translateApiError, translateError } from '../../../i18n/translate-api-error';
import { useAuth } from '../../account/auth-context';
import { choicesQuery, createListing, deleteImage, listingForEditQuery, reorderImages, updateListing, uploadImage } from '../api';
import { AmenityFields } from '../components/AmenityFields';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { FormField } from '../components/FormField';
import { ImagesField, type FormPhoto } from '../components/ImagesField';
import { LengthCounter, type LimitedField } from '../components/LengthCounter';
import { LocationFields, type LocationChange } from '../components/LocationFields';
import { StepIndicator } from '../components/StepIndicator';
import {
  DEFAULT_VALUES,
  PICKED_IMAGE_BYTES,
  REQUIRED_FIELDS,
  ROOM_FIELDS,
  addressFromChain,
  checkImages,
  filesWithBadContent,
  focusFor,
  moveItem,
  isRoomless,
  toPayload,
  typedPoint,
  validate,
  valuesFromListing,
  type FieldName,
  type ImageProblem,
  type ListingFormValues,
} from '../form';
import { forgetListingDraft, readListingDraft, useKeepListingDraft } from '../hooks/useListingDraft';
import { storeListingSuccess } from '../hooks/useListingSuccessBanner';
import { photoPreview, shrinkPhoto } from '../shrink-photo';
import '../owner.css';

// Leaflet is only ever fetched with this chunk (spec: maps load only where a map is shown).
const MapPicker = lazy(() => import('../components/MapPicker'));

/** `details`: one line per file, e.g. each refused upload with the server's reason. */
type Banner = { kind: 'success' | 'warning' | 'danger' | 'info'; text: string; details?: string[] };
type Status = 'idle' | 'saving' | 'uploading' | 'uploadFailed' | 'success';

/** The shared schema decides (one rule set for browser and server); errors carry owner:validation keys. */
const resolver: Resolver<ListingFormValues> = async (values) => {
  const found = validate(values);
  const keys = Object.keys(found) as FieldName[];
  if (keys.length === 0) return { values, errors: {} };
  const errors: FieldErrors<ListingFormValues> = {};
  for (const k of keys) errors[k] = { type: found[k]!, message: found[k]! };
  return { values: {}, errors };
};

/** /add-property and /edit-property/{id} (spec §2): one form; with an id it edits. */
export default function AddPropertyPage() {
  const { id } = useParams();
  const { t } = useTranslation('owner');
  const { user, token, isLoading } = useAuth();
  usePageTitle(id ? t('addProperty.editTitle') : t('addProperty.title'));

  if (!token && !isLoading) return <LockNotice />;
  if (!user) return <PageSpinner label={t('addProperty.messages.loadingProperty')} />;
  if (id) return <EditLoader id={id} />;
  return <ListingForm key="new" listing={null} />;
}

function PageSpinner({ label }: { label: string }) {
  return (
    <section className="container page-section" aria-busy="true">
      <div className="d-flex justify-content-center align-items-center gap-2 py-5" role="status">
        <span className="spinner-border text-brand" aria-hidden="true" />
        <span className="text-body-secondary">{label}</span>
      </div>
    </section>
  );
}

/** Signed out: the lock notice with sign in (opens the login dialog) and go back home (spec §2). */
function LockNotice() {
  const { t } = useTranslation('owner');
  return (
    <section className="container page-section">
      <div className="owner-lock text-center mx-auto" data-testid="owner-lock">
        <i className="bi bi-lock owner-lock-icon" aria-hidden="true" />
        <h1 className="h3 mt-3">{t('addProperty.messages.lockTitle')}</h1>
        <p className="text-body-secondary">{t('addProperty.messages.loginRequired')}</p>
        <p className="text-body-secondary small">{t('addProperty.messages.lockText')}</p>
        <div className="d-flex flex-wrap justify-content-center gap-2 mt-3">
          <button type="button" className="btn btn-brand" onClick={() => window.dispatchEvent(new CustomEvent(WINDOW_EVENTS.openLoginModal))}>
            <i className="bi bi-box-arrow-in-right me-2 flip-rtl" aria-hidden="true" />
            {t('addProperty.messages.signIn')}
          </button>
          <Link to="/" className="btn btn-outline-secondary">
            <i className="bi bi-house me-2" aria-hidden="true" />
            {t('addProperty.messages.goHome')}
          </Link>
        </div>
      </div>
    </section>
  );
}

/** Edit mode: the listing is loaded with the token (the owner may edit a pending or rejected one). */
function EditLoader({ id }: { id: string }) {
  const { t } = useTranslation('owner');
  const { token } = useAuth();
  const q = useQuery(listingForEditQuery(id, token));
  if (q.isPending) return <PageSpinner label={t('addProperty.messages.loadingProperty')} />;
  if (q.isError) {
    return (
      <section className="container page-section">
        <h1 className="page-title">{t('addProperty.editTitle')}</h1>
        <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert" data-testid="load-failed">
          <span className="flex-grow-1">
            {translateApiError(t, MESSAGES.loadPropertyDataFailed)}: {translateError(t, q.error)}
          </span>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void q.refetch()}>
            {t('myProperties.tryAgain')}
          </button>
        </div>
        <Link to="/my-properties" className="btn btn-outline-secondary">
          {t('myProperties.title')}
        </Link>
      </section>
    );
  }
  return <ListingForm key={q.data.id} listing={q.data} />;
}

/** Where the map opens: the form's point when it has one, else the country. */
function focusAt(values: Partial<ListingFormValues> | undefined, key: string): { center: [number, number]; zoom: number; key: string } {
  const p = typedPoint(values?.latitude, values?.longitude);
  return p ? { center: [p.lat, p.lng], zoom: MAP.zoomWithCoordinates, key } : { center: MAP.defaultCenter, zoom: MAP.defaultZoom, key };
}

let pendingSeq = 0;
/** A photo added in the form and not stored by the server yet: what a draft keeps. */
const unsent = (p: FormPhoto) => p.file != null && !p.media;

function ListingForm({ listing }: { listing: ListingRead | null }) {
  const { t, i18n } = useTranslation('owner');
  const ar = i18n.language.startsWith('ar');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const editing = listing != null;
  const notOwner = editing && user != null && listing.owner_id !== user.id;
  const listingId = listing?.id ?? null;
  const startValues = useMemo(() => (listing ? valuesFromListing(listing) : DEFAULT_VALUES), [listing]);
  // The form starts from what was typed on this device before, if anything (hooks/useListingDraft).
  const [draft] = useState(() => (user && !notOwner ? readListingDraft(user.id, listingId, startValues) : null));
  const restored = draft && !draft.stale ? draft : null;
  const [draftShown, setDraftShown] = useState(draft != null);
  /** The draft's photos brought back (app/offline/draft-photos): read after the text, IndexedDB answering later. */
  const [restoredPhotos, setRestoredPhotos] = useState<{ count: number; savedAt: number } | null>(null);
  const [confirmStartOver, setConfirmStartOver] = useState(false);
  const [keepDraft, setKeepDraft] = useState(!notOwner);

  const form = useForm<ListingFormValues>({
    defaultValues: restored?.data ?? startValues,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  const { register, handleSubmit, setValue, getValues, control, formState, clearErrors } = form;
  const errors = formState.errors;
  const stopKeepingDraft = useKeepListingDraft(form, keepDraft && user ? user.id : null, listingId, startValues);
  // A draft typed over a version saved since is not brought back; the notice says so once.
  useEffect(() => {
    if (draft?.stale && user) forgetListingDraft(user.id, listingId);
  }, [draft, user, listingId]);

  const choices = useQuery(choicesQuery);
  // On failure the built-in property types are used silently (spec §7).
  const propertyTypes = choices.data?.property_types.map((c) => c.value).filter((v) => (PROPERTY_TYPES as readonly string[]).includes(v)) ?? [...PROPERTY_TYPES];
  const choiceLabel = (kind: 'property_types' | 'listing_types', value: string) => {
    const c = choices.data?.[kind].find((x) => x.value === value);
    if (c) return ar ? c.label_ar : c.label_en;
    return t(`addProperty.${kind === 'property_types' ? 'propertyTypes' : 'listingTypes'}.${value}`);
  };

  const watched = useWatch({ control });
  const propertyType = watched.property_type ?? 'APARTMENT';
  const listingType = watched.listing_type ?? 'FOR_SALE';
  const roomless = isRoomless(propertyType);

  // LAND clears and disables bedrooms, bathrooms and build year (spec §4).
  useEffect(() => {
    if (!roomless) return;
    for (const f of ROOM_FIELDS) if (getValues(f)) setValue(f, '', { shouldDirty: true });
    clearErrors([...ROOM_FIELDS]);
  }, [roomless, getValues, setValue, clearErrors]);

  // ---- map ----
  const [focus, setFocus] = useState(() => focusAt(form.formState.defaultValues, 'initial'));
  const point = typedPoint(watched.latitude, watched.longitude);

  const onPick = useCallback(
    (la: number, lo: number) => {
      setValue('latitude', String(la), { shouldDirty: true });
      setValue('longitude', String(lo), { shouldDirty: true });
      clearErrors(['latitude', 'longitude']);
    },
    [setValue, clearErrors],
  );
  const focusTypedPoint = () => {
    const typed = typedPoint(getValues('latitude'), getValues('longitude'));
    if (typed) setFocus({ center: [typed.lat, typed.lng], zoom: MAP.zoomWithCoordinates, key: `typed-${typed.lat},${typed.lng}` });
  };

  // ---- location: address auto-fill and map zoom per level ----
  const lastAuto = useRef({ en: '', ar: '' });
  const onLocation = ({ level, chain }: LocationChange) => {
    const addr = addressFromChain(chain);
    for (const [field, text, key] of [
      ['address_details_en', addr.en, 'en'],
      ['address_details_ar', addr.ar, 'ar'],
    ] as const) {
      const current = getValues(field).trim();
      // Only an empty field, or one we filled ourselves, follows the chosen places.
      if (!current || current === lastAuto.current[key]) setValue(field, text, { shouldDirty: true });
      lastAuto.current[key] = text;
    }
    const index = level ? ['governorate', 'district', 'uzlah', 'village'].indexOf(level) : -1;
    setFocus({ ...focusFor(level, index >= 0 ? chain[index] : null, chain[0]), key: `loc-${chain.map((p) => p?.id ?? '').join('-')}` });
  };

  // ---- images: one list in the order the owner sees, the first the cover (issue 25) ----
  const [photos, setPhotos] = useState<FormPhoto[]>(() =>
    (listing?.media ?? []).map((m) => ({ key: `m${m.id}`, media: m, progress: 100, status: 'stored' as const })),
  );
  const photosRef = useRef(photos);
  photosRef.current = photos;
  /** A stored photo was moved: the server's order is no longer the one shown until it is sent (on save). */
  const orderChanged = useRef(false);
  const [deleting, setDeleting] = useState<ReadonlySet<number>>(new Set());
  const [confirmImage, setConfirmImage] = useState<MediaItem | null>(null);
  const [imageMessage, setImageMessage] = useState<Banner | null>(null);
  const [imageProblem, setImageProblem] = useState<ImageProblem | null>(null);
  /** Batches whose large photos are being made smaller before they are added. */
  const [shrinking, setShrinking] = useState(0);

  useEffect(() => () => photosRef.current.forEach((p) => p.url && URL.revokeObjectURL(p.url)), []);

  // Deleted: message 3 s; failure: 5 s (spec §4).
  useEffect(() => {
    if (!imageMessage) return;
    const ms = imageMessage.kind === 'success' ? TIMINGS.messageShortMs : TIMINGS.messageLongMs;
    const timer = window.setTimeout(() => setImageMessage(null), ms);
    return () => window.clearTimeout(timer);
  }, [imageMessage]);

  const addFiles = async (files: File[]) => {
    const problem = checkImages(files, photosRef.current.length, PICKED_IMAGE_BYTES);
    setImageProblem(problem);
    if (problem) return; // any violation adds none of the files (spec §5)
    // By content, not by name or type: a text file renamed .jpg is named and refused before any upload.
    const bad = await filesWithBadContent(files);
    if (bad.length) {
      setImageProblem({ key: 'invalidFileContent', name: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(bad) });
      return;
    }
    // A photo over 5 MB counts at the size it will be sent (the upload then reuses the shrunk file).
    const large = (f: File) => f.size > LIMITS.imageBytes;
    let sizes = files;
    if (files.some(large)) {
      setShrinking((n) => n + 1);
      try {
        sizes = await Promise.all(files.map((f) => (large(f) ? shrinkPhoto(f) : f)));
      } finally {
        setShrinking((n) => n - 1);
      }
    }
    // Another batch may have been added while these files were read.
    const late = checkImages(sizes, photosRef.current.length);
    setImageProblem(late);
    if (late) return;
    addPending(files, sizes);
  };
  /**
   * Photos added to the form, not uploaded yet. Each thumbnail from a small copy, as it is drawn (shrink-photo:
   * the whole photo would be held per preview); `drawFrom` is a copy shrunk already, a quarter of the pixels to decode.
   */
  const addPending = (files: File[], drawFrom = files) => {
    const added = files.map((file) => ({ key: `p${++pendingSeq}`, file, progress: 0, status: 'ready' as const }));
    setPhotos((list) => [...list, ...added]);
    for (const [i, { key }] of added.entries()) {
      void photoPreview(drawFrom[i]!).then((url) => {
        if (photosRef.current.some((p) => p.key === key)) patchPhoto(key, { url });
        else URL.revokeObjectURL(url);
      });
    }
  };

  // ---- the draft's photos: brought back once as the form opens, then kept as they are added, moved or removed ----
  const [photosRead, setPhotosRead] = useState(false);
  /**
   * Whose draft the photos not sent yet are kept as: this form's until it is saved, then the saved listing's until
   * their uploads are done, so a tab lost mid-upload brings them back on that listing's edit page. Null: not kept.
   */
  const [photoDraftOf, setPhotoDraftOf] = useState<{ listingId: number | null } | null>(notOwner ? null : { listingId });
  /** Bumped by every keep and forget: a keep still shrinking its copies when a later one starts writes nothing. */
  const photoDraftTurn = useRef(0);
  /**
   * Photos whose upload went through, known at once: the state (and photosRef) learn it only at the next render,
   * and a keep whose effect runs a render behind (a busy phone defers effects) would put them back as a draft.
   */
  const sentKeys = useRef(new Set<string>());
  useEffect(() => {
    let live = true;
    void (async () => {
      if (user && !notOwner) {
        // A draft dropped as typed over a newer version of the listing takes its photos along.
        const kept = draft?.stale ? await forgetDraftPhotos(user.id, listingId).then(() => null) : await readDraftPhotos(user.id, listingId);
        const room = LIMITS.imagesPerListing - photosRef.current.length;
        const files = kept?.files.slice(0, Math.max(0, room)) ?? [];
        if (live && kept && files.length > 0) {
          addPending(files);
          setRestoredPhotos({ count: files.length, savedAt: kept.savedAt });
          setDraftShown(true);
        }
      }
      if (live) setPhotosRead(true);
    })();
    return () => {
      live = false;
    };
    // Once, as the form opens (the text's draft is read once too).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const pendingKeys = photos
    .filter(unsent)
    .map((p) => p.key)
    .join(' ');
  useEffect(() => {
    if (!photoDraftOf || !user || !photosRead) return;
    const turn = ++photoDraftTurn.current;
    // Kept as the upload would send them (the upload then reuses these copies): a few hundred KB a photo.
    const pending = photosRef.current.filter((p) => unsent(p) && !sentKeys.current.has(p.key));
    void Promise.all(pending.map((p) => shrinkPhoto(p.file!))).then((copies) => {
      if (turn !== photoDraftTurn.current) return;
      // Uploads that went through while these were shrunk are not kept either.
      void keepDraftPhotos(user.id, photoDraftOf.listingId, copies.filter((_, i) => !sentKeys.current.has(pending[i]!.key)));
    });
  }, [pendingKeys, photoDraftOf, user, photosRead]);
  const forgetPhotos = () => {
    photoDraftTurn.current += 1;
    if (user) void forgetDraftPhotos(user.id, listingId);
  };
  const removePending = (key: string) => {
    setImageProblem(null);
    setPhotos((list) => {
      const gone = list.find((p) => p.key === key);
      if (gone?.url) URL.revokeObjectURL(gone.url);
      return list.filter((p) => p.key !== key);
    });
  };
  const patchPhoto = (key: string, patch: Partial<FormPhoto>) => setPhotos((list) => list.map((p) => (p.key === key ? { ...p, ...patch } : p)));
  const movePhoto = (key: string, to: number) => {
    const list = photosRef.current;
    // Photos not uploaded yet take their place from the upload itself; stored ones need the order sent.
    if (list.some((p) => p.media)) orderChanged.current = true;
    setPhotos(moveItem(list, list.findIndex((p) => p.key === key), to));
  };

  const removeExisting = async (image: MediaItem) => {
    setConfirmImage(null);
    if (!listing) return;
    setDeleting((s) => new Set(s).add(image.id));
    try {
      await deleteImage(listing.id, image.id);
      setPhotos((list) => list.filter((p) => p.media?.id !== image.id));
      setImageMessage({ kind: 'success', text: MESSAGES.imageDeleted });
      void queryClient.invalidateQueries({ queryKey: ['listings'] });
    } catch {
      setImageMessage({ kind: 'danger', text: MESSAGES.deleteImageFailed });
    } finally {
      setDeleting((s) => {
        const next = new Set(s);
        next.delete(image.id);
        return next;
      });
    }
  };

  // ---- submit ----
  const [status, setStatus] = useState<Status>('idle');
  const [banner, setBanner] = useState<Banner | null>(null);
  const savedId = useRef<number | null>(listing?.id ?? null);
  const redirectTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const finish = (uploaded: number) => {
    const text = editing
      ? translateApiError(t, uploaded > 0 ? MESSAGES.listingUpdatedWithImages : MESSAGES.listingUpdated)
      : t('addProperty.messages.createSuccess');
    setStatus('success');
    setBanner({ kind: 'success', text });
    void queryClient.invalidateQueries({ queryKey: ['listings'] });
    if (!editing) {
      // After a successful create the form resets (spec §4).
      form.reset(DEFAULT_VALUES);
      photosRef.current.forEach((p) => p.url && URL.revokeObjectURL(p.url));
      setPhotos([]);
      lastAuto.current = { en: '', ar: '' };
    }
    redirectTimer.current = window.setTimeout(() => {
      const state = storeListingSuccess(text);
      // The owner's own list, where the listing shows as pending (the public list would not have it yet).
      void navigate('/my-properties', { state });
    }, TIMINGS.redirectAfterSaveMs);
  };

  /**
   * Sends the order shown when the server's may differ (issue 25): a stored photo was moved, or new photos were
   * uploaded beside photos stored before (their positions came from a list of another length). Then finishes.
   */
  const finishSave = async (listingId: number, uploaded: Map<string, MediaItem>) => {
    const list = photosRef.current;
    const ids = list.map((p) => uploaded.get(p.key)?.id ?? p.media?.id).filter((id): id is number => id != null);
    const mixed = uploaded.size > 0 && list.some((p) => p.media && !uploaded.has(p.key));
    if (ids.length >= 2 && (orderChanged.current || mixed)) {
      try {
        await reorderImages(listingId, ids);
        orderChanged.current = false;
      } catch (e) {
        // Saving again sends the order again.
        orderChanged.current = true;
        setStatus('idle');
        setBanner({ kind: 'danger', text: t('addProperty.messages.orderFailed', { message: translateError(t, e) }) });
        return;
      }
    }
    finish(uploaded.size);
  };

  /**
   * Uploads every photo not yet stored, all in parallel, each with its own progress and its place in the list
   * (the server keeps that order whichever upload finishes first).
   */
  const uploadPending = async (listingId: number) => {
    const queue = photosRef.current
      .map((p, index) => ({ p, index }))
      .filter(({ p }) => p.file && (p.status === 'ready' || p.status === 'error'));
    const uploaded = new Map<string, MediaItem>();
    if (queue.length === 0) return finishSave(listingId, uploaded);
    setStatus('uploading');
    const results = await Promise.allSettled(
      queue.map(async ({ p, index }) => {
        patchPhoto(p.key, { status: 'uploading', progress: 0, error: undefined });
        try {
          const media = await uploadImage(listingId, await shrinkPhoto(p.file!), index, (percent) => patchPhoto(p.key, { progress: percent }));
          sentKeys.current.add(p.key);
          uploaded.set(p.key, media);
          patchPhoto(p.key, { status: 'done', progress: 100, media });
        } catch (e) {
          patchPhoto(p.key, { status: 'error', error: e instanceof Error ? e.message : String(e) });
          throw e;
        }
      }),
    );
    // Each refused file by name, with the server's reason (its own words, translated when known).
    const failed = queue.flatMap(({ p }, i) => {
      const r = results[i]!;
      if (r.status === 'fulfilled') return [];
      return [t('addProperty.messages.fileError', { name: p.file!.name, message: translateError(t, r.reason) })];
    });
    if (failed.length > 0) {
      setStatus('uploadFailed');
      setBanner({ kind: 'warning', text: t('addProperty.messages.uploadsFailed', { count: failed.length }), details: failed });
      return;
    }
    // Every photo is stored: their copies on the device go before "saved" is said, not in an effect after it, which
    // a page left at once could cut short (the photos then came back as a draft, to be uploaded twice).
    if (user) {
      photoDraftTurn.current += 1;
      await forgetDraftPhotos(user.id, listingId);
    }
    await finishSave(listingId, uploaded);
  };

  const onValid = async (values: ListingFormValues) => {
    setBanner(null);
    if (!getToken()) {
      setBanner({ kind: 'warning', text: t('addProperty.messages.loginRequired') });
      window.dispatchEvent(new CustomEvent(WINDOW_EVENTS.openLoginModal));
      return;
    }
    setStatus('saving');
    let saved: ListingRead;
    try {
      const payload = toPayload(values);
      // After a create whose photos failed, saving again updates that listing instead of making another.
      saved = savedId.current != null ? await updateListing(savedId.current, payload) : await createListing(payload);
      savedId.current = saved.id;
      // Saved: a draft brought back would make a new listing twice, or lay old text over the saved one.
      if (user) {
        stopKeepingDraft();
        setKeepDraft(false);
        setDraftShown(false);
        forgetListingDraft(user.id, listingId);
        if (listingId == null) forgetPhotos();
        setPhotoDraftOf({ listingId: saved.id });
      }
    } catch (e) {
      const server = e instanceof ApiError ? e.message : null;
      setBanner({
        kind: 'danger',
        text: server
          ? t('addProperty.messages.errorWithMessage', { message: translateApiError(t, server) })
          : t(editing ? 'addProperty.messages.updateFailed' : 'addProperty.messages.createFailed'),
      });
      setStatus('idle');
      return;
    }
    await uploadPending(saved.id);
  };

  const fixErrorsText = t('addProperty.validation.fixErrors');
  const onInvalid = () => setBanner({ kind: 'warning', text: fixErrorsText });
  // The "correct the highlighted fields" note goes once nothing is highlighted any more.
  const errorCount = Object.keys(errors).length;
  useEffect(() => {
    if (errorCount === 0) setBanner((b) => (b?.text === fixErrorsText ? null : b));
  }, [errorCount, fixErrorsText]);

  const busy = status === 'saving' || status === 'uploading' || status === 'success';
  const locked = busy || notOwner;
  const requiredFilled = REQUIRED_FIELDS.every((f) => String(watched[f] ?? '').trim() !== '');
  // Step 1 (the listing type) is done once the owner has chosen it or moved on to the rest; its default alone is
  // no choice. An edit, or a draft brought back, starts past it.
  const typeChosen = editing || draft != null || formState.isDirty;
  const step: 1 | 2 | 3 = status !== 'idle' || requiredFilled ? 3 : typeChosen ? 2 : 1;
  const err = (f: FieldName) => errors[f]?.message;
  // Titles and descriptions keep all that is typed or pasted (no maxLength cutting it): past the limit the field
  // says so at once, and again on each change until it is short enough.
  const limited = (name: LimitedField) =>
    register(name, {
      onChange: (e: { target: { value: string } }) => {
        const max = name.startsWith('title') ? LIMITS.titleMax : LIMITS.descriptionMax;
        if (e.target.value.length > max || form.getFieldState(name).error?.type === 'tooLong') void form.trigger(name);
      },
    });

  const numberInput = (name: FieldName, label: string, opts: { required?: boolean; disabled?: boolean; hint?: string; decimal?: boolean } = {}) => (
    <FormField label={label} error={err(name)} required={opts.required} hint={opts.hint}>
      {(p) => (
        <input
          {...p}
          {...register(name)}
          type="text"
          inputMode={opts.decimal ? 'decimal' : 'numeric'}
          autoComplete="off"
          disabled={opts.disabled}
          data-testid={`input-${name}`}
        />
      )}
    </FormField>
  );

  return (
    <section className="container page-section owner-page">
      <h1 className="page-title">{editing ? t('addProperty.editTitle') : t('addProperty.title')}</h1>
      <p className="text-body-secondary">{editing ? t('addProperty.editIntro') : t('addProperty.intro')}</p>
      <StepIndicator current={step} done={status === 'success'} />

      {notOwner && (
        <div className="alert alert-warning" role="alert">
          {t('addProperty.notOwner')}
        </div>
      )}
      {draftShown && (restored || restoredPhotos) && (
        <div className="alert alert-info d-flex flex-wrap align-items-center gap-2" role="status" data-testid="draft-restored">
          <i className="bi bi-clock-history" aria-hidden="true" />
          <span className="flex-grow-1">
            {restored
              ? t(editing ? 'addProperty.draft.restoredEdit' : 'addProperty.draft.restored', { time: savedAtText(restored.savedAt, i18n.language) })
              : t('addProperty.draft.restoredPhotos', { time: savedAtText(restoredPhotos!.savedAt, i18n.language) })}
            {restored && restoredPhotos && <> {t('addProperty.draft.photosToo', { count: restoredPhotos.count })}</>}
          </span>
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setConfirmStartOver(true)} data-testid="draft-start-over">
            {t(editing ? 'addProperty.draft.discard' : 'addProperty.draft.startOver')}
          </button>
        </div>
      )}
      {draftShown && draft?.stale && (
        <div className="alert alert-warning d-flex align-items-start gap-2" role="status" data-testid="draft-stale">
          <i className="bi bi-exclamation-triangle" aria-hidden="true" />
          <span className="flex-grow-1">{t('addProperty.draft.stale', { time: savedAtText(draft.savedAt, i18n.language) })}</span>
          <button type="button" className="btn-close" aria-label={t('addProperty.draft.dismiss')} onClick={() => setDraftShown(false)} />
        </div>
      )}

      <FormProvider {...form}>
        <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate data-testid="listing-form">
          <fieldset disabled={locked} className="owner-fieldset">
            {/* Step 1: listing type */}
            <div className="owner-card" id="owner-step-1">
              <h2 className="owner-card-title">
                <span className="owner-card-num" aria-hidden="true">1</span>
                {t('addProperty.sections.type')}
              </h2>
              <div className="row g-3">
                <div className="col-md-6">
                  <div className="form-label" id="listing-type-label">
                    {t('addProperty.fields.listingType')}
                  </div>
                  <div className="btn-group w-100" role="radiogroup" aria-labelledby="listing-type-label">
                    {LISTING_TYPES.map((lt) => (
                      <label key={lt} className={`btn ${listingType === lt ? 'btn-brand' : 'btn-outline-brand'}`} data-testid={`listing-type-${lt}`}>
                        <input type="radio" className="visually-hidden" value={lt} {...register('listing_type')} />
                        <i className={`bi ${lt === 'FOR_SALE' ? 'bi-tag' : 'bi-key'} me-2`} aria-hidden="true" />
                        {choiceLabel('listing_types', lt)}
                      </label>
                    ))}
                  </div>
                </div>
                <div className="col-md-6">
                  <FormField label={t('addProperty.fields.propertyType')} error={err('property_type')} required>
                    {(p) => (
                      <select {...p} className={p.className.replace('form-control', 'form-select')} {...register('property_type')} data-testid="select-property-type">
                        {propertyTypes.map((pt) => (
                          <option key={pt} value={pt}>
                            {choiceLabel('property_types', pt)}
                          </option>
                        ))}
                      </select>
                    )}
                  </FormField>
                </div>
              </div>
            </div>

            {/* Step 2: add information */}
            <div className="owner-card" id="owner-step-2">
              <h2 className="owner-card-title">
                <span className="owner-card-num" aria-hidden="true">2</span>
                {t('addProperty.sections.details')}
              </h2>
              <div className="row g-3">
                <div className="col-md-6">
                  <FormField label={t('addProperty.fields.titleAr')} error={err('title_ar')} required>
                    {(p) => <input {...p} {...limited('title_ar')} dir="rtl" lang="ar" data-testid="input-title_ar" />}
                  </FormField>
                  <LengthCounter control={control} name="title_ar" max={LIMITS.titleMax} />
                </div>
                <div className="col-md-6">
                  <FormField label={t('addProperty.fields.titleEn')} error={err('title_en')} hint={t('addProperty.fields.titleEnHint')}>
                    {(p) => <input {...p} {...limited('title_en')} dir="ltr" lang="en" data-testid="input-title_en" />}
                  </FormField>
                  <LengthCounter control={control} name="title_en" max={LIMITS.titleMax} />
                </div>
                <div className="col-md-6">
                  <FormField label={t('addProperty.fields.descriptionAr')} error={err('description_ar')} required>
                    {(p) => <textarea {...p} {...limited('description_ar')} dir="rtl" lang="ar" rows={4} data-testid="input-description_ar" />}
                  </FormField>
                  <LengthCounter control={control} name="description_ar" max={LIMITS.descriptionMax} />
                </div>
                <div className="col-md-6">
                  <FormField label={t('addProperty.fields.descriptionEn')} error={err('description_en')} hint={t('addProperty.fields.descriptionEnHint')}>
                    {(p) => <textarea {...p} {...limited('description_en')} dir="ltr" lang="en" rows={4} data-testid="input-description_en" />}
                  </FormField>
                  <LengthCounter control={control} name="description_en" max={LIMITS.descriptionMax} />
                </div>
              </div>

              <h3 className="owner-subtitle">{t('addProperty.sections.price')}</h3>
              <div className="row g-3">
                <div className="col-sm-6 col-lg-4">{numberInput('price', t('addProperty.fields.price'), { required: true, decimal: true })}</div>
                <div className="col-sm-6 col-lg-4">
                  <FormField label={t('addProperty.fields.currency')} error={err('currency')}>
                    {(p) => (
                      <select {...p} className={p.className.replace('form-control', 'form-select')} {...register('currency')} data-testid="select-currency">
                        {CURRENCIES.map((c) => (
                          <option key={c} value={c}>
                            {t(`addProperty.currencies.${c}`)}
                          </option>
                        ))}
                      </select>
                    )}
                  </FormField>
                </div>
                <div className="col-sm-6 col-lg-4">{numberInput('old_price', t('addProperty.fields.oldPrice'), { decimal: true, hint: t('addProperty.fields.oldPriceHint') })}</div>
              </div>

              <h3 className="owner-subtitle">{t('addProperty.sections.features')}</h3>
              <div className="row g-3">
                <div className="col-6 col-lg-4">{numberInput('area_sqm', t('addProperty.fields.area'), { required: true })}</div>
                <div className="col-6 col-lg-4">{numberInput('bedrooms', t('addProperty.fields.bedrooms'), { disabled: roomless })}</div>
                <div className="col-6 col-lg-4">{numberInput('bathrooms', t('addProperty.fields.bathrooms'), { disabled: roomless })}</div>
                <div className="col-6 col-lg-4">{numberInput('parking_spaces', t('addProperty.fields.parking'))}</div>
                <div className="col-6 col-lg-4">{numberInput('build_year', t('addProperty.fields.buildYear'), { disabled: roomless })}</div>
                {roomless && (
                  <div className="col-12">
                    <p className="form-text mt-0" data-testid="land-hint">
                      <i className="bi bi-info-circle me-1" aria-hidden="true" />
                      {t('addProperty.fields.landHint')}
                    </p>
                  </div>
                )}
              </div>

              <AmenityFields />

              <h3 className="owner-subtitle">{t('addProperty.sections.location')}</h3>
              <LocationFields onChange={onLocation} disabled={locked} />
              <div className="row g-3 mt-0">
                <div className="col-md-6">
                  <FormField label={t('addProperty.fields.addressAr')} error={err('address_details_ar')} hint={t('addProperty.fields.addressHint')}>
                    {(p) => <input {...p} {...register('address_details_ar')} dir="rtl" lang="ar" maxLength={500} data-testid="input-address_ar" />}
                  </FormField>
                </div>
                <div className="col-md-6">
                  <FormField label={t('addProperty.fields.addressEn')} error={err('address_details_en')}>
                    {(p) => <input {...p} {...register('address_details_en')} dir="ltr" lang="en" maxLength={500} data-testid="input-address_en" />}
                  </FormField>
                </div>
              </div>

              <h3 className="owner-subtitle">{t('addProperty.sections.map')}</h3>
              <Suspense
                fallback={
                  <div className="owner-map owner-map-loading" style={{ height: MAP.pickerHeightPx }} role="status">
                    <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                    {t('addProperty.map.loading')}
                  </div>
                }
              >
                <MapPicker point={point} focus={focus} onPick={onPick} />
              </Suspense>
              <div className="row g-3 mt-0 align-items-start">
                <div className="col-6 col-md-4">
                  <FormField label={t('addProperty.fields.latitude')} error={err('latitude')}>
                    {(p) => <input {...p} {...register('latitude', { onBlur: focusTypedPoint })} inputMode="decimal" dir="ltr" autoComplete="off" data-testid="input-latitude" />}
                  </FormField>
                </div>
                <div className="col-6 col-md-4">
                  <FormField label={t('addProperty.fields.longitude')} error={err('longitude')}>
                    {(p) => <input {...p} {...register('longitude', { onBlur: focusTypedPoint })} inputMode="decimal" dir="ltr" autoComplete="off" data-testid="input-longitude" />}
                  </FormField>
                </div>
                <div className="col-md-4 d-flex align-items-md-end owner-coords-actions">
                  {point && (
                    <button
                      type="button"
                      className="btn btn-outline-secondary btn-sm"
                      onClick={() => {
                        setValue('latitude', '', { shouldDirty: true });
                        setValue('longitude', '', { shouldDirty: true });
                      }}
                    >
                      <i className="bi bi-x-circle me-1" aria-hidden="true" />
                      {t('addProperty.fields.clearPoint')}
                    </button>
                  )}
                </div>
                <div className="col-12">
                  <p className="form-text mt-0">{t('addProperty.fields.coordinatesHint')}</p>
                </div>
              </div>

              <h3 className="owner-subtitle">{t('addProperty.sections.images')}</h3>
              <div aria-live="polite">
                {imageMessage && (
                  <div className={`alert alert-${imageMessage.kind} py-2`} role={imageMessage.kind === 'danger' ? 'alert' : 'status'} data-testid="image-message">
                    {translateApiError(t, imageMessage.text)}
                  </div>
                )}
              </div>
              <ImagesField
                photos={photos}
                deletingIds={deleting}
                onDeleteStored={setConfirmImage}
                onAdd={(files) => void addFiles(files)}
                onRemove={removePending}
                onMove={movePhoto}
                problem={imageProblem}
                shrinking={shrinking > 0}
                disabled={locked}
                editing={editing}
              />
            </div>

            {/* Step 3: publish */}
            <div className="owner-card" id="owner-step-3">
              <h2 className="owner-card-title">
                <span className="owner-card-num" aria-hidden="true">3</span>
                {t('addProperty.sections.publish')}
              </h2>
              {editing && listing && (
                <div className="mb-3" data-testid="status-panel">
                  <p className="mb-1">
                    {t('addProperty.statusNote')}:{' '}
                    <span className={`badge text-bg-${listing.status === 'approved' ? 'success' : listing.status === 'rejected' ? 'danger' : 'warning'}`}>
                      {t(`myProperties.status.${listing.status}`)}
                    </span>
                  </p>
                  {listing.status === 'rejected' && (
                    <p className="text-danger mb-1" data-testid="status-rejection-reason">{listing.rejection_reason ? <RejectionReasonText reason={listing.rejection_reason} lang={ar ? 'ar' : 'en'} sentence={(reason) => t('addProperty.rejectedReason', { reason })} /> : t('myProperties.noReason')}</p>
                  )}
                  <p className="form-text mt-0">{t('addProperty.resubmitNote')}</p>
                  <div className="row">
                    <div className="col-sm-6 col-lg-4">
                      <FormField label={t('addProperty.fields.availability')} error={err('availability')}>
                        {(p) => (
                          <select {...p} className={p.className.replace('form-control', 'form-select')} {...register('availability')} data-testid="select-availability">
                            <option value="available">{t('addProperty.availability.available')}</option>
                            {(listingType === 'FOR_SALE' || watched.availability === 'sold') && <option value="sold">{t('addProperty.availability.sold')}</option>}
                            {(listingType === 'FOR_RENT' || watched.availability === 'rented') && <option value="rented">{t('addProperty.availability.rented')}</option>}
                          </select>
                        )}
                      </FormField>
                    </div>
                  </div>
                </div>
              )}
              <div className="form-check form-switch mb-3">
                <input className="form-check-input" type="checkbox" role="switch" id="owner-is-active" {...register('is_active')} />
                <label className="form-check-label" htmlFor="owner-is-active">
                  {t('addProperty.fields.isActive')}
                </label>
                <div className="form-text mt-0">{t('addProperty.fields.isActiveHint')}</div>
              </div>

              <div aria-live="polite">
                {banner && (
                  <div className={`alert alert-${banner.kind}`} role={banner.kind === 'danger' ? 'alert' : 'status'} data-testid="form-banner">
                    <i className={`bi bi-${banner.kind === 'success' ? 'check-circle' : 'exclamation-triangle'} me-2`} aria-hidden="true" />
                    {banner.text}
                    {banner.details && (
                      <ul className="mb-0 mt-1 small" data-testid="form-banner-details">
                        {banner.details.map((d, i) => (
                          // Two files may share a name and a reason: the place keeps the keys apart.
                          <li key={i}>{d}</li>
                        ))}
                      </ul>
                    )}
                    {status === 'success' && <div className="small mt-1">{t('addProperty.messages.redirecting')}</div>}
                  </div>
                )}
              </div>
              {status === 'uploadFailed' && (
                <div className="d-flex flex-wrap gap-2 mb-3">
                  <button type="button" className="btn btn-brand" onClick={() => savedId.current != null && void uploadPending(savedId.current)}>
                    <i className="bi bi-arrow-repeat me-2" aria-hidden="true" />
                    {t('addProperty.messages.retryUploads')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline-secondary"
                    onClick={() => {
                      setPhotos((list) => list.filter((p) => p.media));
                      if (savedId.current != null) void finishSave(savedId.current, new Map());
                    }}
                  >
                    {t('addProperty.messages.continueWithout')}
                  </button>
                </div>
              )}
              <div className="d-flex flex-wrap gap-2 justify-content-end">
                <Link to={editing ? '/my-properties' : '/'} className={`btn btn-outline-secondary btn-lg${busy ? ' disabled' : ''}`} aria-disabled={busy}>
                  {t('addProperty.cancel')}
                </Link>
                <button type="submit" className="btn btn-brand btn-lg" disabled={locked || status === 'uploadFailed'} data-testid="submit-listing">
                  {(status === 'saving' || status === 'uploading') && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
                  {status === 'saving' ? t('addProperty.saving') : status === 'uploading' ? t('addProperty.uploadingImages') : editing ? t('addProperty.save') : t('addProperty.submit')}
                </button>
              </div>
            </div>
          </fieldset>
        </form>
      </FormProvider>

      <ConfirmDialog
        show={confirmImage != null}
        title={t('addProperty.images.deleteConfirmTitle')}
        question={t('addProperty.images.deleteConfirmTitle')}
        detail={t('addProperty.images.deleteConfirm')}
        confirmLabel={t('addProperty.images.delete')}
        onConfirm={() => confirmImage && void removeExisting(confirmImage)}
        onCancel={() => setConfirmImage(null)}
      />
      <ConfirmDialog
        show={confirmStartOver}
        title={t(editing ? 'addProperty.draft.discardTitle' : 'addProperty.draft.confirmTitle')}
        question={t(editing ? 'addProperty.draft.discardTitle' : 'addProperty.draft.confirmTitle')}
        detail={t(editing ? 'addProperty.draft.discardText' : 'addProperty.draft.confirmText')}
        confirmLabel={t(editing ? 'addProperty.draft.discardConfirm' : 'addProperty.draft.confirm')}
        onConfirm={() => {
          setConfirmStartOver(false);
          setDraftShown(false);
          setRestoredPhotos(null);
          if (user) forgetListingDraft(user.id, listingId);
          forgetPhotos();
          // The photos added here go too: those of the listing as saved stay.
          setPhotos((list) => {
            for (const p of list) if (!p.media && p.url) URL.revokeObjectURL(p.url);
            return list.filter((p) => p.media);
          });
          setImageProblem(null);
          form.reset(startValues);
          lastAuto.current = { en: '', ar: '' };
          setFocus(focusAt(startValues, 'start-over'));
        }}
        onCancel={() => setConfirmStartOver(false)}
      />
    </section>
  );
}
